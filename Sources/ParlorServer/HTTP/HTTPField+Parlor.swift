import HTTPTypes

extension HTTPField.Name {
    /// Correlates a response with the server's log lines for its request.
    public static let requestID = HTTPField.Name("X-Request-Id")!
}
