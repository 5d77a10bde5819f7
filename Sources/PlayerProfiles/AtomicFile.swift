import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// File operations that never leave a torn file: a write goes to a temporary file in the same
/// directory, is flushed to the disk, and is then renamed over the target. POSIX `rename` within
/// one file system replaces the target atomically, so a process dying at any moment leaves
/// either the old file or the new one, plus at worst a temporary file to clean up.
enum AtomicFile {
    /// The file's bytes, or nil when there is no such file (a first launch).
    static func read(_ url: URL) throws(ProfileError) -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .fileSystem(operation: "read", path: url.path, reason: "\(error)")
        }
    }

    /// Replaces `url` with `data` through `temporary`, which must be in the same directory.
    static func replace(_ url: URL, with data: Data, through temporary: URL) throws(ProfileError) {
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("create", temporary) }
        var renamed = false
        defer { if !renamed { unlink(temporary.path) } }

        if let code = writeAll(data, to: descriptor) {
            close(descriptor)
            throw failure("write", temporary, code: code)
        }
        // Without fsync the rename can reach the disk before the data does, and a power cut
        // would leave a complete-looking but empty file: exactly the torn write to avoid.
        guard fsync(descriptor) == 0 else {
            let code = errno
            close(descriptor)
            throw failure("flush", temporary, code: code)
        }
        guard close(descriptor) == 0 else { throw failure("close", temporary) }
        guard rename(temporary.path, url.path) == 0 else { throw failure("rename", temporary, code: errno) }
        renamed = true
        syncDirectory(of: url)
    }

    /// Moves `source` to `destination` unless something is already there (then returns false).
    static func moveAside(_ source: URL, to destination: URL) throws(ProfileError) -> Bool {
        // link + unlink rather than rename, which would silently replace an existing file.
        guard link(source.path, destination.path) == 0 else {
            if errno == EEXIST { return false }
            throw failure("move aside", source)
        }
        guard unlink(source.path) == 0 else { throw failure("remove", source) }
        syncDirectory(of: destination)
        return true
    }

    static func fileExists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    static func createDirectory(_ url: URL) throws(ProfileError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(operation: "create directory", path: url.path, reason: "\(error)")
        }
    }

    /// Removes the files in `directory` whose names satisfy `isLeftover`. Best effort: a file
    /// that cannot be removed now is tried again on the next launch.
    static func removeFiles(in directory: URL, where isLeftover: (String) -> Bool) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where isLeftover(name) {
            unlink(directory.appendingPathComponent(name).path)
        }
    }

    /// Writes every byte, retrying short writes and interruptions; the errno of a failure, or nil.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { buffer -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    /// Flushes the directory entry so that the rename itself survives a power cut. Some file
    /// systems refuse fsync on a directory; the rename is still atomic there, so that is ignored.
    private static func syncDirectory(of url: URL) {
        let descriptor = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func failure(_ operation: String, _ url: URL, code: Int32 = errno) -> ProfileError {
        .fileSystem(operation: operation, path: url.path, reason: String(cString: strerror(code)))
    }
}
