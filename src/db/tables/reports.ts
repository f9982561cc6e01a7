/**
 * Report rollups (migration 0012), kept by database triggers on pos_orders, pos_order_items
 * and bookings; never written by the application. Money in cents. Rows may hold 0 after a
 * change undid their last contribution.
 */

export interface ReportOrderMonthsTable {
  /** `YYYY-MM` of the order's created_at (UTC) */
  month: string;
  staff_id: number;
  /** SUM(total) of the paid orders */
  revenue: number;
  orders: number;
}

export interface ReportItemMonthsTable {
  month: string;
  item_type: string;
  item_id: number;
  qty: number;
  /** SUM(line_total − discount_amount − loyalty_amount) of the lines of paid orders */
  revenue: number;
}

export interface ReportBookingMonthsTable {
  /** `YYYY-MM` of start_at (salon wall clock) */
  month: string;
  staff_id: number;
  completed: number;
}

export interface ReportBookingHoursTable {
  /** 0 = Sunday … 6 = Saturday */
  dow: number;
  hour: number;
  /** bookings not cancelled */
  bookings: number;
}

export interface ReportClientVisitsTable {
  client_id: number;
  /** days (salon wall clock) with at least one completed booking; 0 when none are left */
  visit_days: number;
  /** `YYYY-MM-DD` of the first and last of them, null with none */
  first_day: string | null;
  last_day: string | null;
}

/** Migration 0081: per UTC month and VAT rate, the lines the VAT report sums (cents). */
export interface ReportVatMonthsTable {
  /** `YYYY-MM` of the order's created_at (sale lines) or the refund's completed_at (refund lines), UTC */
  month: string;
  /** hundredths of a percent */
  rate: number;
  /** lines of paid orders, SUM(line_total − discount_amount − loyalty_amount), SUM(vat_amount) */
  sale_lines: number;
  sale_gross: number;
  sale_vat: number;
  /** lines of completed refunds, SUM(amount), SUM(vat_amount) */
  refund_lines: number;
  refund_gross: number;
  refund_vat: number;
}

export interface ReportTables {
  report_client_visits: ReportClientVisitsTable;
  report_order_months: ReportOrderMonthsTable;
  report_item_months: ReportItemMonthsTable;
  report_booking_months: ReportBookingMonthsTable;
  report_booking_hours: ReportBookingHoursTable;
  report_vat_months: ReportVatMonthsTable;
}
