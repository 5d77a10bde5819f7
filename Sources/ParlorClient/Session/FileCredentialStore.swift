import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Credentials in a JSON file that only its owner may read or write (mode 0600, in a 0700
/// directory), replaced atomically so a crash mid-write leaves the old file or the new one.
public struct FileCredentialStore: CredentialStore {
    public let url: URL

    public init(url: URL) { self.url = url }

    public func load() async throws -> ParlorCredentials? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        if let mode = attributes[.posixPermissions] as? Int, mode & 0o077 != 0 {
            throw CredentialStoreError.unsafePermissions(path: url.path, mode: mode)
        }
        do {
            return try JSONDecoder.credentials.decode(ParlorCredentials.self, from: try Data(contentsOf: url))
        } catch {
            throw CredentialStoreError.unreadable(path: url.path, reason: "\(error)")
        }
    }

    public func save(_ credentials: ParlorCredentials) async throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let data = try JSONEncoder.credentials.encode(credentials)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        // Created 0600 before a byte is written: the tokens are never readable by anyone else.
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CredentialStoreError.unwritable(path: temporary.path)
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
            guard rename(temporary.path, url.path) == 0 else { throw CredentialStoreError.unwritable(path: url.path) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    public func clear() async throws {
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
    }
}

public enum CredentialStoreError: Error, Equatable, CustomStringConvertible {
    case unsafePermissions(path: String, mode: Int)
    case unreadable(path: String, reason: String)
    case unwritable(path: String)

    public var description: String {
        switch self {
        case .unsafePermissions(let path, let mode): "\(path) may be read by others (mode \(String(mode, radix: 8))); it must be 600"
        case .unreadable(let path, let reason): "\(path) holds no credentials this client reads: \(reason)"
        case .unwritable(let path): "cannot write \(path)"
        }
    }
}

extension JSONEncoder {
    static var credentials: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}

extension JSONDecoder {
    static var credentials: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
