import Foundation

/// The fields of a posted form (`application/x-www-form-urlencoded` or `multipart/form-data`)
/// and its uploaded files.
package struct ConsoleForm: Sendable {
    package var fields: [String: [String]] = [:]
    package var files: [String: ConsoleUpload] = [:]

    package init(fields: [String: [String]] = [:], files: [String: ConsoleUpload] = [:]) {
        self.fields = fields
        self.files = files
    }

    /// The field's first value, nil when absent; surrounding spaces are kept.
    package subscript(_ name: String) -> String? { fields[name]?.first }

    /// The field's value trimmed, nil when absent or blank.
    package func text(_ name: String) -> String? {
        guard let value = self[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// The field's trimmed value, or a problem naming `label` when it is absent or blank.
    package func required(_ name: String, label: String) throws(ConsoleProblem) -> String {
        guard let value = text(name) else { throw ConsoleProblem("\(label) is required.") }
        return value
    }

    /// Parses `body` by its content type; a problem for any other type or a malformed body.
    package static func parse(contentType: String?, body: [UInt8]) throws(ConsoleProblem) -> ConsoleForm {
        let type = contentType?.lowercased() ?? ""
        if type.hasPrefix("application/x-www-form-urlencoded") || (type.isEmpty && body.isEmpty) {
            return ConsoleForm(fields: urlEncoded(String(decoding: body, as: UTF8.self)))
        }
        if type.hasPrefix("multipart/form-data"), let boundary = boundary(of: contentType ?? "") {
            return try Multipart.parse(body, boundary: boundary)
        }
        throw ConsoleProblem("The form was sent as \(contentType ?? "nothing"); the console takes form posts only.")
    }

    /// `a=1&b=x+y` as fields, `+` as a space and percent escapes decoded.
    package static func urlEncoded(_ text: String) -> [String: [String]] {
        var fields: [String: [String]] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            fields[name, default: []].append(value)
        }
        return fields
    }

    private static func decode(_ part: Substring) -> String {
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    private static func boundary(of contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            let value = pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return value.isEmpty || value.count > 70 ? nil : value
        }
        return nil
    }
}

/// An uploaded file of a multipart form.
package struct ConsoleUpload: Sendable, Equatable {
    package var filename: String
    package var contentType: String?
    package var bytes: [UInt8]

    /// The file as UTF-8 text (a CSV), nil when it is not.
    package var text: String? { String(validating: bytes, as: UTF8.self) }
}

/// What the console tells an operator about their request (a missing field, a refused action).
package struct ConsoleProblem: Error, Sendable, Equatable {
    package var message: String
    package init(_ message: String) { self.message = message }
}
