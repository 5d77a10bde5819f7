import Foundation
import ParlorAccounts
import ParlorDatabase

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `parlor` finds the keys that seal token-signing keys in the database.
extension SettingSources {
    /// `key_encryption_keys` (the list itself), else the file `key_encryption_keys_file`, else
    /// `key-encryption-keys` in the data directory, made with one new key the first time. Nodes
    /// sharing a database must share these keys.
    func keyEncryptionKeys(dataDirectory: String) throws(CommandFailure) -> KeyEncryptionKeys {
        do {
            if let inline = string(nil, .keyEncryptionKeys) { return try KeyEncryptionKeys(parsing: inline) }
            if let path = string(nil, .keyEncryptionKeysFile) {
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                    throw CommandFailure(.usage, "cannot read key_encryption_keys_file \(path)")
                }
                return try KeyEncryptionKeys(parsing: text)
            }
            let path = URL(fileURLWithPath: dataDirectory).appendingPathComponent("key-encryption-keys").path
            return try KeyEncryptionKeys(parsing: try KeyEncryptionKeyFile.readOrCreate(at: path))
        } catch let error as KeyEncryptionError {
            throw CommandFailure(.usage, error.description)
        } catch let failure as CommandFailure {
            throw failure
        } catch let error as DatabaseError {
            throw CommandFailure(error)
        } catch {
            throw CommandFailure(.usage, "\(error)")
        }
    }
}

/// The development default: a key file in the data directory, readable by its owner only.
enum KeyEncryptionKeyFile {
    /// The file's text; when there is no file, one new key written first. Two processes starting
    /// at once both end up with the file one of them made: each writes a temporary file and links
    /// it into place, which fails for the second, who reads the first's.
    static func readOrCreate(at path: String) throws -> String {
        if let text = try? String(contentsOfFile: path, encoding: .utf8) { return text }
        try DataDirectory.prepare((path as NSString).deletingLastPathComponent)
        let text = "# Seals the token-signing keys in the database. Keep it secret; every node needs the same.\n"
            + KeyEncryptionKeys.generateEntry(id: "k" + String(Int(Date().timeIntervalSince1970))) + "\n"
        let temporary = path + ".\(UUID().uuidString).tmp"
        defer { unlink(temporary) }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create", temporary, errno) }
        let written = text.utf8CString.withUnsafeBufferPointer { buffer in write(descriptor, buffer.baseAddress, buffer.count - 1) }
        let writeError = errno
        let flushed = fsync(descriptor)
        close(descriptor)
        guard written == text.utf8.count, flushed == 0 else { throw failure("cannot write", temporary, writeError) }
        if link(temporary, path) != 0, errno != EEXIST { throw failure("cannot create", path, errno) }
        guard let stored = try? String(contentsOfFile: path, encoding: .utf8) else { throw failure("cannot read", path, errno) }
        return stored
    }

    private static func failure(_ what: String, _ path: String, _ code: Int32) -> CommandFailure {
        CommandFailure(.cannotCreate, "\(what) \(path): \(String(cString: strerror(code)))")
    }
}
