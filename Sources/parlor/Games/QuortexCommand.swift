import ArgumentParser
import Foundation
import GameCore
import Quortex

/// `parlor quortex …`: play, inspect and draw Quortex games from the command line.
struct QuortexCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quortex",
        abstract: "Quortex self-play, legal moves and rendering; records are JSON GameRecords.",
        subcommands: [SelfPlayCommand.self, LegalCommand.self, RenderCommand.self]
    )
}

/// Reads the whole of standard input as one JSON `GameRecord` of Quortex and replays it.
func readQuortexRecord() throws -> (GameRecord<Quortex>, QuortexState) {
    let data = FileHandle.standardInput.readDataToEndOfFile()
    guard data.contains(where: { !Character(UnicodeScalar($0)).isWhitespace }) else {
        throw CommandFailure(.noInput, "expected a Quortex GameRecord (JSON) on standard input, got nothing")
    }
    // Refuses another game or engine by name before the fields of a Quortex record are decoded.
    _ = try GameRegistry([Quortex.self]).module(forRecordJSON: data)
    let record = try Quortex.decodeRecord(data)
    return (record, try record.replay())
}

/// JSON as the commands print it: one line, keys sorted and snake_case (``GameJSON``), so output
/// is stable, diffable and reads as the server writes the same values.
func printJSON(_ value: some Encodable) throws {
    let encoder = GameJSON.encoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}
