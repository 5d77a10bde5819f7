/// The text of every mail Accounts sends, per language: English, and Spanish for `es` tags; any
/// other language (or none) reads English.
struct MailTemplates: Sendable {
    var resetSubject: String
    /// Minutes, link, code.
    var resetBody: @Sendable (Int64, String, String) -> String
    var verifySubject: String
    /// Code, minutes.
    var verifyBody: @Sendable (String, Int64) -> String

    static func forLocale(_ locale: String?) -> MailTemplates {
        switch LocaleTag.language(of: locale) {
        case "es": spanish
        default: english
        }
    }

    static let english = MailTemplates(
        resetSubject: "Reset your password",
        resetBody: { minutes, link, code in
            """
            Someone asked to reset the password of your account. If it was you, open this link within \(minutes) minutes:

            \(link)

            or enter this code in the app: \(code)

            If it was not you, ignore this message; your password has not changed.
            """
        },
        verifySubject: "Confirm your email address",
        verifyBody: { code, minutes in
            """
            Enter this code in the app to confirm your email address: \(code)

            It works for \(minutes) minutes. If you did not add this address to an account, ignore this message.
            """
        })

    static let spanish = MailTemplates(
        resetSubject: "Restablece tu contraseña",
        resetBody: { minutes, link, code in
            """
            Alguien pidió restablecer la contraseña de tu cuenta. Si fuiste tú, abre este enlace en los próximos \(minutes) minutos:

            \(link)

            o introduce este código en la app: \(code)

            Si no fuiste tú, ignora este mensaje; tu contraseña no ha cambiado.
            """
        },
        verifySubject: "Confirma tu dirección de correo",
        verifyBody: { code, minutes in
            """
            Introduce este código en la app para confirmar tu dirección de correo: \(code)

            Sirve durante \(minutes) minutos. Si no añadiste esta dirección a una cuenta, ignora este mensaje.
            """
        })
}
