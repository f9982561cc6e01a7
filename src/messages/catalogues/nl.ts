import type { MessageKey } from './en.js';

/* The Dutch catalogue: every key of en.ts, with the same placeholders (messages.test.ts checks). */
export const nl: Record<MessageKey, string> = {
  'common.greeting': 'Hallo {name},',
  'common.greeting_anonymous': 'Hallo,',
  'common.open_address': 'Of open dit adres: {url}',
  'layout.phone': 'Tel. {phone}',
  'format.date_time': '{date} om {time}',
  'format.duration_hours_minutes': '{hours} uur {minutes} min',
  'format.duration_hours': '{hours} uur',
  'format.duration_minutes': '{minutes} min',

  'booking.details.part': '{service} bij {staff}',
  'booking.details.part_at': '{time} {service} bij {staff}',
  'booking.details.when': 'Wanneer: {start}',
  'booking.details.duration': 'Duur: {duration}',
  'booking.details.price': 'Prijs: {price}',
  'calendar.summary': '{service} bij {salon_name}',
  'booking.action.cancel': 'Afspraak annuleren',
  'booking.action.move': 'Afspraak verzetten',
  'booking.action.attend': 'Ik kom zeker',
  'booking.action.confirm': 'Bevestigen',
  'booking.action.decline': 'Afwijzen',
  'booking.action.review': 'Schrijf een review',
  'booking.action.book_again': 'Opnieuw boeken',

  'booking.details.address': 'Adres: {address}',
  'booking.action.for_part': '{action} ({service})',
  'booking.reminder.subject': 'Herinnering: je afspraak bij {salon_name} op {date}',
  'booking.reminder.body': 'Hallo {client_first_name},\n\nDit is een herinnering aan je afspraak bij {salon_name}:',

  'booking.confirmed.subject': 'Je afspraak bij {salon_name} op {date}',
  'booking.confirmed.body': 'Hallo {client_first_name},\n\nJe afspraak staat vast:',
  'booking.provisional.subject': 'Bevestig je afspraak bij {salon_name}',
  'booking.provisional.body':
    'Hallo {client_first_name},\n\nWe hebben deze afspraak voor je gereserveerd. Wil je hem bevestigen of afwijzen?',
  'booking.waitlist_confirmed.subject': 'Je afspraak van de wachtlijst bij {salon_name} staat vast',
  'booking.waitlist_confirmed.body':
    'Hallo {client_first_name},\n\nGoed nieuws: er kwam een plek vrij, en de afspraak waar je op wachtte staat vast:',
  'booking.updated.subject': 'Je afspraak bij {salon_name} is verzet',
  'booking.updated.body': 'Hallo {client_first_name},\n\nJe afspraak is nu:',
  'booking.cancelled.subject': 'Je afspraak bij {salon_name} is geannuleerd',
  'booking.cancelled.body':
    'Hallo {client_first_name},\n\nDeze afspraak is geannuleerd. We hopen je een andere keer te zien.',
  'booking.review_request.subject': 'Hoe was je bezoek aan {salon_name}?',
  'booking.review_request.body':
    'Hallo {client_first_name},\n\nBedankt voor je bezoek. Wil je ons vertellen hoe het was?',
  'booking.followup.subject': 'Tijd voor je volgende bezoek aan {salon_name}?',
  'booking.followup.body':
    'Hallo {client_first_name},\n\nEen paar dagen geleden had je {service} bij {staff}. We hopen dat je er blij mee bent. Wil je je volgende afspraak maken?',
  'booking.request.subject': 'Boekingsverzoek: {client_name} op {start}',
  'booking.request.body': 'Een voorlopige boeking voor {client_name} wacht op het antwoord van de klant:',
  'booking.request.action': 'Boeking bekijken',

  'waitlist.slot_offer.subject': 'Er is een plek vrijgekomen bij {salon_name} op {date}',
  'waitlist.slot_offer.body':
    'Hallo {client_first_name},\n\nJe staat op onze wachtlijst, en deze afspraak is net vrijgekomen. Neem contact met ons op of boek online om hem te krijgen; wie het eerst bevestigt, krijgt hem.',
  'waitlist.slot_offer.action': 'Deze plek boeken',

  'public.client_magic_link.subject': 'Je inloglink voor {salon_name}',
  'public.client_magic_link.body':
    'Hallo {client_first_name},\n\nGebruik de knop hieronder om in te loggen op de boekingspagina van {salon_name}. De link werkt één keer, binnen 15 minuten.\n\nHeb je hier niet om gevraagd? Negeer deze e-mail dan.',
  'public.client_magic_link.action': 'Inloggen',

  'giftcard.issued.subject': 'Je cadeaubon van {amount} voor {salon_name}',
  'giftcard.issued.body':
    'Je hebt een cadeaubon ter waarde van {amount} gekregen voor {salon_name}. Laat de code aan de kassa zien om ermee te betalen.',
  'giftcard.issued.code': 'Je code: {code}',
  'giftcard.issued.valid_until': 'Geldig tot {date}.',
  'giftcard.issued.no_expiry': 'Hij verloopt niet.',
  'giftcard.issued.qr_alt': 'QR-code van {code}',

  'pos.receipt.subject': 'Je kassabon {number} van {salon_name}',
  'pos.receipt.body': 'Bedankt voor je bezoek. Hier is je kassabon.',
  'pos.refund_receipt.subject': 'Je bon van de terugbetaling {number} van {salon_name}',
  'pos.refund_receipt.body': 'Hier is de bon van je terugbetaling.',
  'pos.receipt.btw_number': 'Btw-nummer {number}',
  'pos.receipt.kvk_number': 'KvK-nummer {number}',
  'pos.receipt.number': 'Bon {number}',
  'pos.receipt.refund_of': 'Terugbetaling van bon {number}',
  'pos.receipt.date': 'Datum: {date}',
  'pos.receipt.gift_card': 'Cadeaukaart {code}',
  'pos.receipt.discount': 'Korting {code}',
  'pos.receipt.loyalty': 'Spaarpunten',
  'pos.receipt.total': 'Totaal',
  'pos.receipt.paid_cash': 'Contant betaald',
  'pos.receipt.paid_card': 'Gepind',
  'pos.receipt.paid_online': 'Online betaald',
  'pos.receipt.paid_gift_card': 'Betaald met cadeaukaart',
  'pos.receipt.paid_deposit': 'Aanbetaling online betaald',
  'pos.receipt.refunded_cash': 'Contant terugbetaald',
  'pos.receipt.refunded_card': 'Teruggestort op de pas',
  'pos.receipt.refunded_online': 'Online terugbetaald',
  'pos.receipt.refunded_gift_card': 'Teruggezet op de cadeaukaart',
  'pos.receipt.refunded_deposit': 'Aanbetaling',
  'pos.receipt.tendered': 'Contant ontvangen',
  'pos.receipt.change': 'Wisselgeld',
  'pos.receipt.vat_row': 'Btw {rate}% over {net}',
  'pos.receipt.reason': 'Reden: {reason}',

  'payments.noshow_fee.subject': 'No-showvergoeding voor je afspraak van {start}',
  'payments.noshow_fee.body':
    'Beste {client_first_name},\n\nJe bent niet gekomen naar je afspraak voor {service} op {start}. Volgens onze boekingsvoorwaarden is een no-showvergoeding van {amount} verschuldigd.',
  'payments.noshow_fee.action': 'Vergoeding betalen',

  'campaign.unsubscribe': 'Afmelden',
  'recommendations.subject': 'Speciaal voor jou',
  'recommendations.intro': 'Klanten die {service} hadden, vonden ook dit fijn:',
  'recommendations.outro': 'Vraag ernaar bij je volgende bezoek.',

  'auth.welcome.subject': 'Je account bij {salon_name}',
  'auth.welcome.body':
    'Hallo {name},\n\nEr is een account voor je aangemaakt bij {salon_name}.\n\nE-mail: {email}\nTijdelijk wachtwoord: {password}\n\nBij je eerste keer inloggen kies je je eigen wachtwoord.',
  'auth.welcome.action': 'Inloggen',
  'auth.password_reset.subject': 'Stel je wachtwoord voor {salon_name} opnieuw in',
  'auth.password_reset.body':
    'Hallo {name},\n\nIemand heeft gevraagd het wachtwoord van je account opnieuw in te stellen. De link hieronder is een uur geldig.',
  'auth.password_reset.after':
    'Heb je hier niet om gevraagd? Negeer deze e-mail dan: je wachtwoord blijft zoals het is.',
  'auth.password_reset.action': 'Nieuw wachtwoord kiezen',
  'auth.password_changed.subject': 'Je wachtwoord voor {salon_name} is gewijzigd',
  'auth.password_changed.body':
    'Hallo {name},\n\nHet wachtwoord van je account is zojuist gewijzigd, en alle andere ingelogde apparaten zijn uitgelogd.\n\nWas jij dit niet? Stel dan meteen je wachtwoord opnieuw in of neem contact op met {salon_name}.',
  'settings.test_email.subject': 'Testmail van {salon_name}',
  'settings.test_email.body': 'Dit is een testmail. Je mailserverinstellingen werken.',
  'settings.sms_daily_limit.subject': 'Dagelijkse sms-limiet bereikt ({day})',
  'settings.sms_daily_limit.body':
    'De salon heeft zijn {limit} sms-berichten voor {day} verstuurd. Verdere berichten van die dag blijven als niet verzonden in de sms-outbox staan.\n\nWas dit niet verwacht, kijk dan in de outbox: veel berichten naar onbekende of buitenlandse nummers wijzen op misbruik van de boekingspagina. Anders verhoog je sms_daily_limit in de instellingen.',
  'settings.sms_daily_limit.action': 'Sms-outbox bekijken',
  'inventory.low_stock.subject': 'Voorraad laag: {product}',
  'inventory.low_stock.body': '{product} ({sku}) raakt op.\n\nOp voorraad: {quantity}; meldingsdrempel: {threshold}.',
  'inventory.low_stock.action': 'Product bekijken',
  'payments.failed.subject': 'Betaling mislukt: {what}',
  'payments.failed.body': 'De betaling van {amount} voor {what} is mislukt.\n\nReden: {error}',
  'payments.failed.action': 'Betaling bekijken',

  'sms.test': 'Testbericht van {salon_name}: sms werkt.',
  'sms.reminder': 'Herinnering: je afspraak bij {salon_name}, {start} ({duration}): {service}.',
  'sms.reminder.address': 'Adres: {address}',
  'sms.reminder.link': '{action}: {url}',

  'notification.booking_new.title': 'Nieuwe boeking',
  'notification.booking_new.message': '{client}: {service}, {start}',
  'notification.booking_request.title': 'Boekingsaanvraag',
  'notification.booking_request.message': '{client}: {service}, {start}, wacht op antwoord van de klant',
  'notification.visit_overdue.title':
    '{count, plural, one {# klant is toe aan een nieuw bezoek} other {# klanten zijn toe aan een nieuw bezoek}}',
  'notification.visit_overdue.message':
    'Al {days} dagen niet geweest en niets geboekt: {names}{rest, plural, =0 {} other { en nog #}}.',
  'notification.low_stock.title': 'Weinig voorraad: {product}',
  'notification.low_stock.message': '{product} ({sku}): nog {quantity} op voorraad; de meldingsgrens is {threshold}.',
  'notification.review_new.title': 'Nieuwe review: {rating}/5',
  'notification.review_new.message': '{service} bij {staff}',
  'notification.review_new.message_comment': '{service} bij {staff}: “{comment}”',
  'notification.payment_failed.title': 'Betaling mislukt',
  'notification.payment_failed.message': 'De betaling voor {what} is mislukt: {error}',
  'notification.payment_failed.pos_order': 'kassaverkoop {reference}',
  'notification.payment_failed.noshow_fee': 'no-show-vergoeding van boeking {reference}',
  'notification.payment_failed.deposit': 'aanbetaling van boeking {reference}',
  'notification.payment_failed.unknown_reason': 'onbekende reden',
  'notification.noshow_fee_paid.title': 'No-show-vergoeding betaald',
  'notification.noshow_fee_paid.message': 'De no-show-vergoeding van boeking {booking} ({amount}) is betaald',
  'notification.deposit_late.title': 'Aanbetaling betaald na vrijgeven van de boeking',
  'notification.deposit_late.message':
    '{client} betaalde de aanbetaling ({amount}) voor {service}, {start}, nadat de boeking was vrijgegeven; betaal die terug of boek de klant opnieuw in',
  'notification.campaign_sent.title': 'Campagne verzonden',
  'notification.campaign_sent.message':
    '“{name}”: {sent} verzonden, {failed} mislukt, {skipped} overgeslagen van {total}',
  'notification.waitlist_join.title': '{client} staat op de wachtlijst',
  'notification.waitlist_join.message': '{client} wacht op een plek voor {service} op {date}.',
  'notification.waitlist_join.message_window': '{client} wacht op een plek voor {service} op {date} ({from}–{to}).',
  'notification.waitlist_slot.title': 'Plek aangeboden aan {client}',
  'notification.waitlist_slot.message':
    '{service} bij {staff}, {start} – {end}, is aangeboden aan {client} van de wachtlijst.',
  'notification.waitlist_slot.any_staff': 'een willekeurige medewerker',
  'notification.webhook_disabled.title': 'Webhook-endpoint uitgeschakeld',
  'notification.webhook_disabled.message':
    'Elke levering aan {url} mislukte {days} dagen lang, dus het endpoint is uitgeschakeld. Herstel de ontvanger, schakel het weer in en lever opnieuw wat het gemist heeft.',
  'notification.sms_limit.title': 'Dagelijkse sms-limiet bereikt',
  'notification.sms_limit.message':
    'De {limit} sms-berichten van {day} zijn op; verdere berichten die dag blijven onverzonden in het sms-postvak.',
};
