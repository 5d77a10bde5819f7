import Foundation
import GameCore
import ServerTestSupport
import TestSupport
import Yams

/// `asyncapi.yaml`, read as the tests need it: each message's payload schema and examples, and a
/// checker of JSON values against those schemas (the parts of JSON Schema the document uses).
struct AsyncAPIDocument {
    let tree: JSONValue

    static func load() throws -> AsyncAPIDocument {
        let text = try String(contentsOf: repositoryRoot().appendingPathComponent("asyncapi.yaml"), encoding: .utf8)
        return AsyncAPIDocument(tree: try YAMLDecoder().decode(JSONValue.self, from: text))
    }

    /// The message names of the channel, and of each operation (`receive` from clients, `send` to them).
    var channelMessages: Set<String> { Set(tree["channels"]?["realtime"]?["messages"]?.objectKeys ?? []) }

    func operationMessages(_ operation: String) -> Set<String> {
        Set((tree["operations"]?[operation]?["messages"]?.arrayValue ?? []).compactMap { $0["$ref"]?.stringValue?.split(separator: "/").last.map(String.init) })
    }

    func payloadSchema(of message: String) -> JSONValue? { tree["components"]?["messages"]?[message]?["payload"] }

    func examples(of message: String) -> [JSONValue] {
        (tree["components"]?["messages"]?[message]?["examples"]?.arrayValue ?? []).compactMap { $0["payload"] }
    }

    /// What is wrong with `value` as the payload of `message`; empty when it conforms.
    func problems(_ value: JSONValue, as message: String) -> [String] {
        guard let schema = payloadSchema(of: message) else { return ["the document has no message \(message)"] }
        return problems(value, schema, at: message)
    }

    private func problems(_ value: JSONValue, _ schema: JSONValue, at path: String) -> [String] {
        if let reference = schema["$ref"]?.stringValue {
            guard let name = reference.split(separator: "/").last, let target = tree["components"]?["schemas"]?[String(name)] else {
                return ["\(path): unresolved \(reference)"]
            }
            return problems(value, target, at: path)
        }
        var found: [String] = []
        if let constant = schema["const"], constant != value { found.append("\(path): \(value) is not \(constant)") }
        if let allowed = schema["enum"]?.arrayValue, !allowed.contains(value) { found.append("\(path): \(value) is not one of \(allowed)") }
        if let type = schema["type"]?.stringValue, !Self.value(value, hasType: type) {
            return found + ["\(path): \(value) is not of type \(type)"]
        }
        if case .string(let text) = value {
            if schema["format"]?.stringValue == "uuid", UUID(uuidString: text) == nil { found.append("\(path): \(text) is not a UUID") }
            if schema["format"]?.stringValue == "date-time", (try? Date(text, strategy: .iso8601)) == nil {
                found.append("\(path): \(text) is not an RFC 3339 time")
            }
            if let pattern = schema["pattern"]?.stringValue, text.range(of: pattern, options: .regularExpression) == nil {
                found.append("\(path): \(text) does not match the pattern \(pattern)")
            }
            if let low = schema["minLength"]?.numberValue, Double(text.count) < low { found.append("\(path): shorter than \(low)") }
            if let high = schema["maxLength"]?.numberValue, Double(text.count) > high { found.append("\(path): longer than \(high)") }
        }
        if case .number(let number) = value, let low = schema["minimum"]?.numberValue, number < low {
            found.append("\(path): \(number) is below \(low)")
        }
        if case .array(let items) = value, let itemSchema = schema["items"] {
            for (index, item) in items.enumerated() { found += problems(item, itemSchema, at: "\(path)[\(index)]") }
        }
        if case .object(let fields) = value {
            let properties = schema["properties"]?.objectValue ?? [:]
            for key in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where fields[key] == nil {
                found.append("\(path): no \(key)")
            }
            for (key, field) in fields.sorted(by: { $0.key < $1.key }) {
                if let property = properties[key] {
                    found += problems(field, property, at: "\(path).\(key)")
                } else if schema["additionalProperties"] == .bool(false) {
                    found.append("\(path): \(key) is not in the document")
                }
            }
        }
        return found
    }

    private static func value(_ value: JSONValue, hasType type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("number", .number): true
        case ("integer", .number(let number)): number.rounded() == number
        default: false
        }
    }
}
