import ArgumentParser
import Foundation
import GameCore
import NIOCore
import ParlorDatabase

/// A failure reported as one line on standard error and a distinct exit status, never a trace.
struct CommandFailure: Error, CustomStringConvertible {
    /// Exit statuses follow sysexits(3), so scripts and supervisors can tell causes apart.
    enum Kind: Int32 {
        case usage = 64
        case dataError = 65
        case noInput = 66
        /// The database, or `parlor play`'s server, cannot be reached.
        case unavailable = 69
        case software = 70
        case cannotCreate = 73
        case cannotListen = 75
        /// A party went wrong at the other end: the host refused, removed or left the player.
        case party = 76
    }

    let kind: Kind
    let message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    init(_ error: DatabaseError) {
        let kind: Kind =
            switch error {
            case .invalidURL: .usage
            case .unreachable: .unavailable
            case .dataDirectoryNotWritable: .cannotCreate
            case .migrationFailed, .databaseNewerThanBuild: .software
            }
        self.init(kind, error.description)
    }

    var description: String { message }

    /// Classifies whatever a command threw.
    static func from(_ error: any Error, listeningOn address: String? = nil) -> CommandFailure {
        switch error {
        case let failure as CommandFailure:
            return failure
        case let store as DatabaseError:
            return CommandFailure(store)
        case let game as GameError:
            return CommandFailure(.dataError, game.description)
        case let io as IOError where address != nil:
            let reason = io.errnoCode == EADDRINUSE ? "the address is already in use" : String(cString: strerror(io.errnoCode))
            return CommandFailure(.cannotListen, "cannot listen on \(address ?? ""): \(reason)")
        case is SocketAddressError.UnknownHost where address != nil:
            return CommandFailure(.cannotListen, "cannot listen on \(address ?? ""): unknown host")
        case let resolution as SocketAddressError where address != nil:
            return CommandFailure(.cannotListen, "cannot listen on \(address ?? ""): \(resolution)")
        default:
            return CommandFailure(.software, String(describing: error))
        }
    }
}

extension AsyncParsableCommand {
    /// Runs `body`, turning any failure into a one-line message and its exit status.
    func reportingFailures(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch {
            let failure = CommandFailure.from(error)
            FileHandle.standardError.write(Data("parlor: error: \(failure.message)\n".utf8))
            throw ExitCode(failure.kind.rawValue)
        }
    }
}
