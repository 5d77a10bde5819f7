// `Mail`, `Mailer` and `FileMailer` live in ParlorMail, beside the outbox and the SMTP sender;
// Accounts re-exports them because every caller that hands Accounts a mailer already imports it.
@_exported import ParlorMail
