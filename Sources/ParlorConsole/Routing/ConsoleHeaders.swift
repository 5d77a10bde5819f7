import HTTPTypes

/// The headers on every console answer: a policy that lets the page load only the console's own
/// style sheet, script and images, never be framed, never be cached, and never leak its address.
enum ConsoleHeaders {
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    static func apply(to fields: inout HTTPFields) {
        fields[HTTPField.Name("Content-Security-Policy") ?? .contentType] = contentSecurityPolicy
        fields[HTTPField.Name("X-Frame-Options") ?? .contentType] = "DENY"
        fields[HTTPField.Name("X-Content-Type-Options") ?? .contentType] = "nosniff"
        fields[HTTPField.Name("Referrer-Policy") ?? .contentType] = "same-origin"
        fields[.cacheControl] = "no-store"
    }
}
