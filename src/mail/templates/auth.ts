import { button, escapeHtml as e, layout, paragraph, type Brand } from './layout.js';

export interface WelcomeData {
  name: string;
  email: string;
  temporaryPassword: string;
  loginUrl: string;
}

export const welcome = {
  subject: (_: WelcomeData, brand: Brand) => `Your account at ${brand.salonName}`,
  mjml: (data: WelcomeData, brand: Brand) =>
    layout(
      brand,
      'Your new account',
      [
        paragraph(`Hello ${e(data.name)},`),
        paragraph(`An account has been created for you at ${e(brand.salonName)}.`),
        paragraph(
          `Email: <strong>${e(data.email)}</strong><br/>Temporary password: <strong>${e(data.temporaryPassword)}</strong>`,
        ),
        paragraph('You will be asked to choose your own password when you first sign in.'),
        button('Sign in', data.loginUrl),
      ].join('\n'),
    ),
  text: (data: WelcomeData, brand: Brand) =>
    `Hello ${data.name},\n\nAn account has been created for you at ${brand.salonName}.\n\n` +
    `Email: ${data.email}\nTemporary password: ${data.temporaryPassword}\n\n` +
    `You will be asked to choose your own password when you first sign in: ${data.loginUrl}\n`,
};

export interface PasswordResetData {
  name: string;
  resetUrl: string;
}

export const passwordReset = {
  subject: (_: PasswordResetData, brand: Brand) => `Reset your password for ${brand.salonName}`,
  mjml: (data: PasswordResetData, brand: Brand) =>
    layout(
      brand,
      'Reset your password',
      [
        paragraph(`Hello ${e(data.name)},`),
        paragraph('Someone asked to reset the password of your account. The link below is valid for one hour.'),
        button('Choose a new password', data.resetUrl),
        paragraph(`Or open this address: ${e(data.resetUrl)}`),
        paragraph('If you did not ask for this, ignore this email: your password stays as it is.'),
      ].join('\n'),
    ),
  text: (data: PasswordResetData) =>
    `Hello ${data.name},\n\nSomeone asked to reset the password of your account. ` +
    `This link is valid for one hour:\n\n${data.resetUrl}\n\nIf you did not ask for this, ignore this email.\n`,
};

export interface PasswordChangedData {
  name: string;
}

export const passwordChanged = {
  subject: (_: PasswordChangedData, brand: Brand) => `Your password for ${brand.salonName} was changed`,
  mjml: (data: PasswordChangedData, brand: Brand) =>
    layout(
      brand,
      'Password changed',
      [
        paragraph(`Hello ${e(data.name)},`),
        paragraph('The password of your account was just changed, and every other signed-in device was signed out.'),
        paragraph(`If this was not you, reset your password at once or contact ${e(brand.salonName)}.`),
      ].join('\n'),
    ),
  text: (data: PasswordChangedData, brand: Brand) =>
    `Hello ${data.name},\n\nThe password of your account was just changed, and every other signed-in device was signed out.\n` +
    `If this was not you, reset your password at once or contact ${brand.salonName}.\n`,
};
