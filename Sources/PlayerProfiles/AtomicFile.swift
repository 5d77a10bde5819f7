import DurableFiles
import Foundation

/// The profile store's file operations: `DurableFile`'s, with failures as `ProfileError`.
enum AtomicFile {
    static func read(_ url: URL) throws(ProfileError) -> Data? {
        try mapped { () throws(DurableFileError) in try DurableFile.read(url) }
    }

    static func replace(_ url: URL, with data: Data, through temporary: URL) throws(ProfileError) {
        try mapped { () throws(DurableFileError) in try DurableFile.replace(url, with: data, through: temporary) }
    }

    static func moveAside(_ source: URL, to destination: URL) throws(ProfileError) -> Bool {
        try mapped { () throws(DurableFileError) in try DurableFile.moveAside(source, to: destination) }
    }

    static func fileExists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    static func createDirectory(_ url: URL) throws(ProfileError) {
        try mapped { () throws(DurableFileError) in try DurableFile.createDirectory(url) }
    }

    static func removeFiles(in directory: URL, where isLeftover: (String) -> Bool) {
        DurableFile.removeFiles(in: directory, where: isLeftover)
    }

    private static func mapped<T>(_ body: () throws(DurableFileError) -> T) throws(ProfileError) -> T {
        do {
            return try body()
        } catch {
            throw .fileSystem(operation: error.operation, path: error.path, reason: error.reason)
        }
    }
}
