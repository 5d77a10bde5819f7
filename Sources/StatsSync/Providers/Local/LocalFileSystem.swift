import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The POSIX calls behind the local store: atomic replacement (temporary file, fsync, rename) for
/// the metadata, and positioned, flushed appends for the log.
enum LocalFileSystem {
    /// The file's bytes, or nil when there is no such file.
    static func read(_ url: URL) throws(LocalStoreError) -> Data? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .fileSystem(operation: "read", path: url.path, reason: "\(error)")
        }
    }

    static func createDirectory(_ url: URL) throws(LocalStoreError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(operation: "create directory", path: url.path, reason: "\(error)")
        }
    }

    /// Replaces `url` with `data` so that a crash at any moment leaves the old file or the new one.
    static func replace(_ url: URL, with data: Data) throws(LocalStoreError) {
        let temporary = url.appendingPathExtension("\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("create", temporary) }
        var renamed = false
        defer { if !renamed { unlink(temporary.path) } }
        let written = data.withUnsafeBytes { writeAll($0, to: descriptor, at: 0) }
        if let code = written.error {
            close(descriptor)
            throw failure("write", temporary, code: code)
        }
        // Without fsync the rename can reach the disk before the data, leaving an empty file.
        guard fsync(descriptor) == 0 else {
            let code = errno
            close(descriptor)
            throw failure("flush", temporary, code: code)
        }
        guard close(descriptor) == 0 else { throw failure("close", temporary) }
        guard rename(temporary.path, url.path) == 0 else { throw failure("rename", temporary) }
        renamed = true
        syncDirectory(of: url)
    }

    /// Writes `bytes` at `offset` (the end of the intact log) and flushes them. Anything already
    /// past `offset` (a torn tail) is cut off first, and a failed write is cut off again, so the
    /// file never holds garbage between records. Returns how many write calls it took.
    @discardableResult
    static func append(_ bytes: [UInt8], to url: URL, at offset: Int) throws(LocalStoreError) -> Int {
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
    static func truncate(_ url: URL, to length: Int) throws(LocalStoreError) {
        let descriptor = open(url.path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open", url) }
        defer { close(descriptor) }
        guard ftruncate(descriptor, off_t(length)) == 0 else { throw failure("truncate", url) }
        guard fsync(descriptor) == 0 else { throw failure("flush", url) }
    }

    /// Removes a file if it is there; best effort.
    static func remove(_ url: URL) {
        unlink(url.path)
    }

    /// Removes the files in `directory` whose names satisfy `isLeftover`; best effort.
    static func removeFiles(in directory: URL, where isLeftover: (String) -> Bool) {
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
    /// systems refuse fsync on a directory; that is ignored.
    private static func syncDirectory(of url: URL) {
        let descriptor = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func failure(_ operation: String, _ url: URL, code: Int32 = errno) -> LocalStoreError {
        .fileSystem(operation: operation, path: url.path, reason: String(cString: strerror(code)))
    }
}
