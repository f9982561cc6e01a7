import type { ComponentType } from 'react';
import type en from '../../../i18n/catalogues/en.json';
import { BookingCountReport, GiftCardsReport, ItemsReport, PromotionsReport, RevenueReport } from './SalesReports';
import { ForecastReport, HeatmapReport } from './CalendarReports';
import { RetentionReport, StaffReport } from './PeopleReports';
import type { ReportFormat } from './format';
import type { Period } from './range';

type MessageKey = keyof typeof en;

/** One report of /manage/reports: its address segment, name, sentence and screen. */
export interface ReportEntry {
  id: string;
  title: MessageKey;
  description: MessageKey;
  /** Takes a period (the picker is shown and its days go in the address). */
  ranged: boolean;
  Screen: ComponentType<{ period: Period; f: ReportFormat }>;
}

/** The interface's reports, in the order the index lists them (the VAT report has its own screen). */
export const REPORTS: readonly ReportEntry[] = [
  {
    id: 'revenue',
    title: 'manage.reports.revenue.title',
    description: 'manage.reports.revenue.description',
    ranged: true,
    Screen: RevenueReport,
  },
  {
    id: 'items',
    title: 'manage.reports.items.title',
    description: 'manage.reports.items.description',
    ranged: true,
    Screen: ItemsReport,
  },
  {
    id: 'staff',
    title: 'manage.reports.staff.title',
    description: 'manage.reports.staff.description',
    ranged: true,
    Screen: StaffReport,
  },
  {
    id: 'retention',
    title: 'manage.reports.retention.title',
    description: 'manage.reports.retention.description',
    ranged: true,
    Screen: RetentionReport,
  },
  {
    id: 'heatmap',
    title: 'manage.reports.heatmap.title',
    description: 'manage.reports.heatmap.description',
    ranged: false,
    Screen: HeatmapReport,
  },
  {
    id: 'forecast',
    title: 'manage.reports.forecast.title',
    description: 'manage.reports.forecast.description',
    ranged: false,
    Screen: ForecastReport,
  },
  {
    id: 'bookings',
    title: 'manage.reports.bookings.title',
    description: 'manage.reports.bookings.description',
    ranged: true,
    Screen: BookingCountReport,
  },
  {
    id: 'promotions',
    title: 'manage.reports.promotions.title',
    description: 'manage.reports.promotions.description',
    ranged: true,
    Screen: PromotionsReport,
  },
  {
    id: 'gift-cards',
    title: 'manage.reports.giftcards.title',
    description: 'manage.reports.giftcards.description',
    ranged: true,
    Screen: GiftCardsReport,
  },
];
