import ArgumentParser
import Foundation

/// A load test that cannot run: one line on standard error and a sysexits(3) status, as `parlor` reports its own.
struct CommandFailure: Error {
    enum Kind: Int32 {
        case usage = 64
        case databaseUnavailable = 69
        case software = 70
    }

    let kind: Kind
    let message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}

extension LoadtestCommand {
    /// Runs `body`, turning any failure into a one-line message and its exit status.
    func reportingFailures(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data("parlor-loadtest: error: \(failure.message)\n".utf8))
            throw ExitCode(failure.kind.rawValue)
        } catch let exit as ExitCode {
            throw exit
        } catch {
            FileHandle.standardError.write(Data("parlor-loadtest: error: \(error)\n".utf8))
            throw ExitCode(CommandFailure.Kind.software.rawValue)
        }
    }
}
