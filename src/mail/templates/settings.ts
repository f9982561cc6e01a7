import { layout, paragraph, type Brand } from './layout.js';

export interface TestEmailData {
  salonName: string;
}

export const testEmail = {
  subject: (_: TestEmailData, brand: Brand) => `Test email from ${brand.salonName}`,
  mjml: (_: TestEmailData, brand: Brand) =>
    layout(brand, 'Test email', paragraph('This is a test email. Your mail server settings work.')),
  text: () => 'This is a test email. Your mail server settings work.\n',
};
