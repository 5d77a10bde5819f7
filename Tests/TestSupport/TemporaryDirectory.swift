import Foundation

/// Runs `body` with a new empty directory, removed afterwards.
public func withTemporaryDirectory<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlor-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}

/// The repository's root, for tests that compare against committed files such as `openapi.yaml`.
public func repositoryRoot(file: String = #filePath) -> URL {
    var url = URL(fileURLWithPath: file)
    while url.path != "/" {
        url.deleteLastPathComponent()
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}

/// A fresh directory for the duration of `body`, on the main actor with the models it holds
/// (``withTemporaryDirectory(_:)``'s body is not, so a main-actor test cannot hand it its closure).
@MainActor
public func withScratchDirectory(_ body: @MainActor (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlor-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
}
