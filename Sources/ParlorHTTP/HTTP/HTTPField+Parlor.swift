import HTTPTypes

extension HTTPField.Name {
    /// Correlates a response with the server's log lines for its request.
    public static let requestID = HTTPField.Name("X-Request-Id")!
}

extension HTTPField.Name {
    /// The client's address as a trusted reverse proxy saw it.
    package static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
}
