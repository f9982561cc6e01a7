/** Inbound texts already acted on (migration 0038), by Twilio's MessageSid. Instants are UTC ISO text. */
export interface SmsInboundMessagesTable {
  message_sid: string;
  received_at: string;
}
