import { $api } from '../../api/client';
import { LOCALE_OF, useLanguage, useT } from '../../i18n/i18n';
import { formatMoney } from '../../lib/format';

/**
 * The daily revenue goal and the week's forecast, each shown only when the salon switched it on
 * (`daily_revenue_goal_enabled`, `revenue_forecast_enabled`): the service answers null otherwise.
 */
export function TodayRevenue() {
  const t = useT();
  const { language } = useLanguage();
  const locale = LOCALE_OF[language];
  const dashboard = $api.useQuery('get', '/api/reporting/dashboard');
  const currency = $api.useQuery('get', '/api/public/salon-info').data?.currency;
  const data = dashboard.data;
  if (!data || currency === undefined) return null;
  const money = (amount: number) => formatMoney(amount, currency, locale);
  return (
    <>
      {data.revenue_goal && (
        <section className="today-part" aria-labelledby="today-goal">
          <h2 id="today-goal">{t('today.goal.title')}</h2>
          <p className="today-figure">
            {t('today.goal.progress', { revenue: money(data.revenue_today), goal: money(data.revenue_goal.goal) })}
          </p>
          <meter
            className="today-meter"
            min={0}
            max={100}
            value={Math.min(100, data.revenue_goal.progress)}
            aria-label={t('today.goal.meter', { progress: data.revenue_goal.progress })}
          />
          <p>
            {data.revenue_goal.remaining > 0
              ? t('today.goal.remaining', { amount: money(data.revenue_goal.remaining) })
              : t('today.goal.reached')}
          </p>
        </section>
      )}
      {data.forecast && (
        <section className="today-part" aria-labelledby="today-forecast">
          <h2 id="today-forecast">{t('today.forecast.title')}</h2>
          <p className="today-figure">{money(data.forecast.expected_revenue)}</p>
          <p>{t('today.forecast.body', { count: data.forecast.booking_count, days: data.forecast.days })}</p>
        </section>
      )}
    </>
  );
}
