import DurableFiles
import Foundation

/// The local store's file operations: `DurableFile`'s atomic replacement for the metadata and
/// flushed appends for the log, with failures as `LocalStoreError`.
enum LocalFileSystem {
    static func read(_ url: URL) throws(LocalStoreError) -> Data? {
        try mapped { () throws(DurableFileError) in try DurableFile.read(url) }
    }

    static func createDirectory(_ url: URL) throws(LocalStoreError) {
        try mapped { () throws(DurableFileError) in try DurableFile.createDirectory(url) }
    }

    /// Replaces `url` with `data` so that a crash at any moment leaves the old file or the new one.
    static func replace(_ url: URL, with data: Data) throws(LocalStoreError) {
        let temporary = url.appendingPathExtension("\(UUID().uuidString).tmp")
        try mapped { () throws(DurableFileError) in try DurableFile.replace(url, with: data, through: temporary) }
    }

    /// Writes `bytes` at `offset` (the end of the intact log), cutting off any torn tail first.
    @discardableResult
    static func append(_ bytes: [UInt8], to url: URL, at offset: Int) throws(LocalStoreError) -> Int {
        try mapped { () throws(DurableFileError) in try DurableFile.append(bytes, to: url, at: offset) }
    }

    static func truncate(_ url: URL, to length: Int) throws(LocalStoreError) {
        try mapped { () throws(DurableFileError) in try DurableFile.truncate(url, to: length) }
    }

    static func remove(_ url: URL) { DurableFile.remove(url) }

    static func removeFiles(in directory: URL, where isLeftover: (String) -> Bool) {
        DurableFile.removeFiles(in: directory, where: isLeftover)
    }

    private static func mapped<T>(_ body: () throws(DurableFileError) -> T) throws(LocalStoreError) -> T {
        do {
            return try body()
        } catch {
            throw .fileSystem(operation: error.operation, path: error.path, reason: error.reason)
        }
    }
}
