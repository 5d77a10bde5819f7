import BestBall
import Foundation

/// A problem with one field of one row of an imported file.
package struct ImportProblem: Sendable, Equatable, CustomStringConvertible {
    package var line: Int
    package var field: String
    package var message: String
    package var description: String { "line \(line), \(field): \(message)" }
}

/// Why an import wrote nothing: every problem found, or the file's own shape.
package struct ImportFailure: Error, Sendable, CustomStringConvertible {
    package var problems: [ImportProblem]
    package var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// Reading the player pool and weekly points from CSV. Every row is checked before anything is
/// written; one bad field anywhere refuses the whole file, with every problem named.
package enum PlayerImport {
    package static let playerColumns = ["id", "first_name", "last_name", "position", "team", "bye_week", "adp", "projected_points", "rank"]

    package static func players(csv text: String) throws(ImportFailure) -> [DraftPlayer] {
        let table = try parse(text, required: playerColumns)
        var problems: [ImportProblem] = []
        var players: [DraftPlayer] = []
        var seen: [String: Int] = [:]
        for row in table.rows {
            var reader = RowReader(row: row)
            let id = reader.text("id", maxLength: 64)
            if let id {
                if let first = seen[id] { reader.problem("id", "\(id) is already on line \(first)") } else { seen[id] = row.line }
            }
            let player = DraftPlayer(
                id: id ?? "", firstName: reader.text("first_name", maxLength: 60) ?? "", lastName: reader.text("last_name", maxLength: 60) ?? "",
                position: reader.position("position") ?? .qb, team: reader.text("team", maxLength: 5) ?? "",
                byeWeek: reader.integer("bye_week", in: 1...18) ?? 0, adp: reader.decimal("adp", in: 0...10_000) ?? 0,
                projectedPoints: reader.decimal("projected_points", in: 0...10_000) ?? 0, rank: reader.integer("rank", in: 1...100_000) ?? 0)
            if reader.problems.isEmpty { players.append(player) }
            problems += reader.problems
        }
        if !problems.isEmpty { throw ImportFailure(problems: problems) }
        return players
    }

    /// Weekly points: `week`, `player_id`, and either `points` or the stat columns of a
    /// ``StatLine`` (receptions, rushing_yards, …), which are scored half-PPR.
    package static func weeklyPoints(csv text: String, knownPlayers: Set<String>) throws(ImportFailure) -> [WeekPoints] {
        let table = try parse(text, required: ["week", "player_id"])
        let statColumns = StatColumns.all.map(\.name)
        guard table.header.contains("points") || statColumns.contains(where: table.header.contains) else {
            throw ImportFailure(problems: [ImportProblem(line: 1, field: "points", message: "name a points column or stat columns (\(statColumns.joined(separator: ", ")))")])
        }
        var problems: [ImportProblem] = []
        var result: [WeekPoints] = []
        var seen: [String: Int] = [:]
        for row in table.rows {
            var reader = RowReader(row: row)
            let week = reader.integer("week", in: 1...18)
            let player = reader.text("player_id", maxLength: 64)
            if let player, !knownPlayers.contains(player) { reader.problem("player_id", "there is no player \(player) in the pool") }
            if let week, let player {
                if let first = seen["\(week)/\(player)"] { reader.problem("player_id", "week \(week) of \(player) is already on line \(first)") }
            }
            var entry: WeekPoints?
            if table.header.contains("points"), !(row.fields["points"] ?? "").isEmpty {
                if let points = reader.points("points"), let week, let player { entry = WeekPoints(week: week, playerID: player, points: points, stats: nil) }
            } else {
                var stats = StatLine()
                for column in StatColumns.all where table.header.contains(column.name) {
                    stats[keyPath: column.keyPath] = reader.integer(column.name, in: -1_000...10_000, emptyIsZero: true) ?? 0
                }
                if let week, let player { entry = WeekPoints(week: week, playerID: player, points: stats.points, stats: stats) }
            }
            if reader.problems.isEmpty, let entry {
                seen["\(entry.week)/\(entry.playerID)"] = row.line
                result.append(entry)
            }
            problems += reader.problems
        }
        if !problems.isEmpty { throw ImportFailure(problems: problems) }
        return result
    }

    private static func parse(_ text: String, required: [String]) throws(ImportFailure) -> CSVTable {
        let table: CSVTable
        do {
            table = try CSVTable(parsing: text)
        } catch {
            throw ImportFailure(problems: [ImportProblem(line: error.line, field: "file", message: error.message)])
        }
        let missing = required.filter { !table.header.contains($0) }
        if !missing.isEmpty {
            throw ImportFailure(problems: missing.map { ImportProblem(line: 1, field: $0, message: "the header has no \($0) column") })
        }
        if table.rows.isEmpty { throw ImportFailure(problems: [ImportProblem(line: 2, field: "file", message: "the file has no rows")]) }
        return table
    }
}

/// One player's points for one week, with the stat line it was scored from, if any.
package struct WeekPoints: Sendable, Equatable {
    package var week: Int
    package var playerID: String
    package var points: Points
    package var stats: StatLine?
}

/// The stat columns a weekly file may carry, each a field of ``StatLine``.
enum StatColumns {
    static let all: [(name: String, keyPath: any WritableKeyPath<StatLine, Int> & Sendable)] = [
        ("receptions", \.receptions), ("rushing_yards", \.rushingYards), ("receiving_yards", \.receivingYards),
        ("rushing_touchdowns", \.rushingTouchdowns), ("receiving_touchdowns", \.receivingTouchdowns),
        ("passing_yards", \.passingYards), ("passing_touchdowns", \.passingTouchdowns), ("interceptions", \.interceptions),
        ("two_point_conversions", \.twoPointConversions), ("fumbles_lost", \.fumblesLost),
    ]
}

/// Reads one row's fields, collecting a problem for each bad one instead of stopping at the first.
struct RowReader {
    let row: CSVTable.Row
    var problems: [ImportProblem] = []

    init(row: CSVTable.Row) { self.row = row }

    mutating func problem(_ field: String, _ message: String) {
        problems.append(ImportProblem(line: row.line, field: field, message: message))
    }

    private func value(_ field: String) -> String { (row.fields[field] ?? "").trimmingCharacters(in: .whitespaces) }

    mutating func text(_ field: String, maxLength: Int) -> String? {
        let value = value(field)
        if value.isEmpty { problem(field, "is empty") ; return nil }
        if value.count > maxLength { problem(field, "is longer than \(maxLength) characters") ; return nil }
        if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { problem(field, "holds a control character") ; return nil }
        return value
    }

    mutating func integer(_ field: String, in range: ClosedRange<Int>, emptyIsZero: Bool = false) -> Int? {
        let value = value(field)
        if value.isEmpty, emptyIsZero { return 0 }
        guard let number = Int(value) else { problem(field, "\"\(value)\" is not a whole number") ; return nil }
        guard range.contains(number) else { problem(field, "\(number) is outside \(range.lowerBound)…\(range.upperBound)") ; return nil }
        return number
    }

    mutating func decimal(_ field: String, in range: ClosedRange<Double>) -> Double? {
        let value = value(field)
        guard let points = Points(value) else { problem(field, "\"\(value)\" is not a number with at most two decimals") ; return nil }
        let number = Double(points.hundredths) / 100
        guard range.contains(number) else { problem(field, "\(value) is outside \(range.lowerBound)…\(range.upperBound)") ; return nil }
        return number
    }

    mutating func points(_ field: String) -> Points? {
        let value = value(field)
        guard let points = Points(value) else { problem(field, "\"\(value)\" is not a number with at most two decimals") ; return nil }
        return points
    }

    mutating func position(_ field: String) -> Position? {
        let value = value(field).uppercased()
        guard let position = Position(rawValue: value) else { problem(field, "\"\(value)\" is not QB, RB, WR or TE") ; return nil }
        return position
    }
}
