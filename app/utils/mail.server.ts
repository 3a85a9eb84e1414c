import nodemailer, { type Transporter } from 'nodemailer'
import { getEnv } from './config.server'

/** E-mail through the SMTP server of SMTP_URL (nodemailer), from MAIL_FROM. Without SMTP_URL the site sends none. */

let transport: { url: string; transporter: Transporter } | undefined

export const mailConfigured = () => getEnv().SMTP_URL !== ''

export async function sendMail(message: { to: string; subject: string; text: string }) {
  const { SMTP_URL, MAIL_FROM } = getEnv()
  if (!SMTP_URL) throw new Error('SMTP_URL is not set')
  if (transport?.url !== SMTP_URL) transport = { url: SMTP_URL, transporter: nodemailer.createTransport(SMTP_URL) }
  await transport.transporter.sendMail({ from: MAIL_FROM, ...message })
}
