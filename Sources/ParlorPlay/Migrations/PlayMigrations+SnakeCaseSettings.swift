import Foundation
import ParlorDatabase
import SQLKit

extension PlayMigrations {
    /// Games' settings were stored with the games' camelCase keys; the games name them in
    /// snake_case now, as the rest of the contract does, and read only that.
    package static let snakeCaseSettings = Migration(9, "store games' settings with snake_case keys") { sql, _ in
        let rows = try await sql.select().columns("id", "settings").from("games").all()
        for row in rows {
            let id = try row.decode(column: "id", as: String.self)
            let stored = try row.decode(column: "settings", as: String.self)
            guard let object = try? JSONSerialization.jsonObject(with: Data(stored.utf8)) else { continue }
            let renamed = SnakeCaseKeys.convert(object)
            let data = try JSONSerialization.data(withJSONObject: renamed, options: [.sortedKeys, .fragmentsAllowed])
            let text = String(decoding: data, as: UTF8.self)
            if text != stored { try await sql.update("games").set("settings", to: text).where("id", .equal, id).run() }
        }
    }
}

/// camelCase keys to snake_case, at every depth of a JSON value (`settingsVersion` to `settings_version`).
enum SnakeCaseKeys {
    static func convert(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            return Dictionary(object.map { (snakeCase($0.key), convert($0.value)) }, uniquingKeysWith: { first, _ in first })
        }
        if let array = value as? [Any] { return array.map(convert) }
        return value
    }

    static func snakeCase(_ key: String) -> String {
        var name = ""
        var previous: Character?
        for character in key {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { name.append("_") }
            name.append(contentsOf: character.lowercased())
            previous = character
        }
        return name
    }
}
