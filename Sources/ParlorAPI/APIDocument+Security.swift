import Foundation

extension APIDocument {
    /// The operations whose only security is a bearer token, as `METHOD /path/{template}`: read
    /// from the document itself, so that the server checks the token before anything else of the
    /// request (a caller without a valid token hears 401, whatever its body). The document keeps
    /// one layout (`  /path:`, `    method:`, `      security: [{ bearerAuth: [] }]`); a
    /// contract test checks this reading against a real YAML parse.
    public static let bearerOperations: Set<String> = {
        var operations: Set<String> = []
        var path: String?
        var method: String?
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") {
                path = String(line.dropFirst(2).dropLast())
                method = nil
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
                let word = line.trimmingCharacters(in: .whitespaces).dropLast().lowercased()
                method = ["get", "put", "post", "delete", "patch"].contains(word) ? word.uppercased() : nil
            } else if line.trimmingCharacters(in: .whitespaces) == "security: [{ bearerAuth: [] }]", line.hasPrefix("      "), !line.hasPrefix("       "),
                let path, let method
            {
                operations.insert("\(method) \(path)")
            } else if !line.hasPrefix(" "), !line.isEmpty {
                path = nil
                method = nil
            }
        }
        return operations
    }()

    /// The same operations by `operationId`, as a client's middleware sees them. Each operation's
    /// `operationId` comes before its `security` in this document's layout.
    public static let bearerOperationIDs: Set<String> = {
        var operations: Set<String> = []
        var operationID: String?
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
                operationID = nil
            } else if line.hasPrefix("      "), !line.hasPrefix("       "), trimmed.hasPrefix("operationId: ") {
                operationID = String(trimmed.dropFirst("operationId: ".count))
            } else if line.hasPrefix("      "), !line.hasPrefix("       "), trimmed == "security: [{ bearerAuth: [] }]", let operationID {
                operations.insert(operationID)
            }
        }
        return operations
    }()
}
