import Foundation
import GameCore

/// JSON read as the contract tests need it: members, items and scalars of a decoded document.
extension JSONValue {
    public subscript(key: String) -> JSONValue? { objectValue?[key] }

    public var objectValue: [String: JSONValue]? {
        if case .object(let fields) = self { return fields }
        return nil
    }

    public var objectKeys: [String] { objectValue.map { Array($0.keys) } ?? [] }

    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var numberValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// `text` parsed as JSON.
    public static func parse(_ text: String) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }

    /// This value as JSON text.
    public var json: Data {
        get throws { try JSONEncoder().encode(self) }
    }
}
