import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// DurableFiles: the POSIX file operations behind every on-device store (player profiles, the
/// stats log). A replacement goes to a temporary file in the same directory, is flushed, and is
/// renamed over the target, so a process dying at any moment leaves the old file or the new one;
/// an append is flushed and a failed one is cut off, so a log never holds garbage between records.
public enum DurableFile {
    /// The file's bytes, or nil when there is no such file (a first launch).
    public static func read(_ url: URL) throws(DurableFileError) -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw DurableFileError(operation: "read", path: url.path, reason: "\(error)")
        }
    }

    public static func createDirectory(_ url: URL) throws(DurableFileError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw DurableFileError(operation: "create directory", path: url.path, reason: "\(error)")
        }
    }

    /// Replaces `url` with `data` through `temporary`, which must be in the same directory.
    public static func replace(_ url: URL, with data: Data, through temporary: URL) throws(DurableFileError) {
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("create", temporary) }
        var renamed = false
        defer { if !renamed { unlink(temporary.path) } }
        let written = data.withUnsafeBytes { writeAll($0, to: descriptor, at: 0) }
        if let code = written.error {
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

    /// Writes `bytes` at `offset` (the end of the intact data) and flushes them. Anything already
    /// past `offset` (a torn tail) is cut off first, and a failed write is cut off again. Returns
    /// how many write calls it took.
    @discardableResult
    public static func append(_ bytes: [UInt8], to url: URL, at offset: Int) throws(DurableFileError) -> Int {
        let existed = FileManager.default.fileExists(atPath: url.path)
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("open", url) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("inspect", url) }
        if Int(status.st_size) != offset {
            guard ftruncate(descriptor, off_t(offset)) == 0 else { throw failure("truncate", url) }
        }
        let written = bytes.withUnsafeBytes { writeAll($0, to: descriptor, at: offset) }
        if let code = written.error {
            _ = ftruncate(descriptor, off_t(offset))
            throw failure("write", url, code: code)
        }
        guard fsync(descriptor) == 0 else {
            let code = errno
            _ = ftruncate(descriptor, off_t(offset))
            throw failure("flush", url, code: code)
        }
        if !existed { syncDirectory(of: url) }
        return written.calls
    }

    /// Cuts the file to `length` bytes and flushes.
    public static func truncate(_ url: URL, to length: Int) throws(DurableFileError) {
        let descriptor = open(url.path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open", url) }
        defer { close(descriptor) }
        guard ftruncate(descriptor, off_t(length)) == 0 else { throw failure("truncate", url) }
        guard fsync(descriptor) == 0 else { throw failure("flush", url) }
    }

    /// Moves `source` to `destination` unless something is already there (then returns false).
    public static func moveAside(_ source: URL, to destination: URL) throws(DurableFileError) -> Bool {
        // link + unlink rather than rename, which would silently replace an existing file.
        guard link(source.path, destination.path) == 0 else {
            if errno == EEXIST { return false }
            throw failure("move aside", source)
        }
        guard unlink(source.path) == 0 else { throw failure("remove", source) }
        syncDirectory(of: destination)
        return true
    }

    /// Removes a file if it is there; best effort.
    public static func remove(_ url: URL) {
        unlink(url.path)
    }

    /// Removes the files in `directory` whose names satisfy `isLeftover`. Best effort: a file
    /// that cannot be removed now is tried again on the next launch.
    public static func removeFiles(in directory: URL, where isLeftover: (String) -> Bool) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where isLeftover(name) {
            unlink(directory.appendingPathComponent(name).path)
        }
    }

    /// Writes every byte with pwrite, retrying short writes and interruptions.
    private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, at start: Int)
        -> (calls: Int, error: Int32?)
    {
        guard let base = buffer.baseAddress else { return (0, nil) }
        var done = 0
        var calls = 0
        while done < buffer.count {
            calls += 1
            let written = pwrite(descriptor, base + done, buffer.count - done, off_t(start + done))
            if written < 0 {
                if errno == EINTR { continue }
                return (calls, errno)
            }
            done += written
        }
        return (calls, nil)
    }

    /// Flushes the directory entry so a new or renamed file survives a power cut. Some file
    /// systems refuse fsync on a directory; the rename is still atomic there, so that is ignored.
    private static func syncDirectory(of url: URL) {
        let descriptor = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func failure(_ operation: String, _ url: URL, code: Int32 = errno) -> DurableFileError {
        DurableFileError(operation: operation, path: url.path, reason: String(cString: strerror(code)))
    }
}

/// A file operation that failed: what was being done, to which file, and the system's reason.
public struct DurableFileError: Error, Hashable, Sendable {
    public let operation: String
    public let path: String
    public let reason: String

    public init(operation: String, path: String, reason: String) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }
}
