import ArgumentParser
import Foundation
import ParlorAccounts
import ParlorDatabase
import ParlorServer

/// `parlor keys`: the keys that seal token-signing keys in the database.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Manage the keys that seal token-signing keys at rest.", subcommands: [KeysGenerate.self, KeysReseal.self])
}

/// `parlor keys generate --id NAME`: a new key, as one `id:base64` entry to put first in the list.
struct KeysGenerate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate", abstract: "Print a new key-encryption key as an id:base64 entry.",
        discussion: "Put it first in key_encryption_keys (or its file) and keep the old entries until `parlor keys reseal` has run.")

    @Option(help: "The key's name: 1–32 letters, digits, '-' or '_'.")
    var id: String = "k" + String(Int(Date().timeIntervalSince1970))

    func run() async throws {
        try await reportingFailures {
            let entry = KeyEncryptionKeys.generateEntry(id: id)
            do {
                _ = try KeyEncryptionKeys(parsing: entry)
            } catch let error as KeyEncryptionError {
                throw CommandFailure(.usage, error.description)
            }
            print(entry)
        }
    }
}

/// `parlor keys reseal`: seals every stored signing key with the first key listed.
struct KeysReseal: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reseal", abstract: "Seal every stored token-signing key with the first key-encryption key.",
        discussion: "Afterwards the keys listed after the first are no longer needed.")

    @OptionGroup var options: CommonOptions

    func run() async throws {
        try await reportingFailures {
            let sources = try options.sources(.process)
            let location = try options.location(sources)
            let logger = try options.bootstrapLogging(sources)
            let keys = try sources.keyEncryptionKeys(dataDirectory: options.dataDirectory(sources))
            try await Database.withOpened(location, logger: logger) { database in
                _ = try await Migrator.parlor.migrate(database)
                do {
                    let count = try await SigningKeys.reseal(with: keys, in: database)
                    print("sealed \(count) signing key(s) again with '\(keys.current.id)'")
                } catch let error as KeyEncryptionError {
                    throw CommandFailure(.dataError, error.description)
                }
            }
        }
    }
}
