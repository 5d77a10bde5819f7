import Foundation

/// A fresh directory for the duration of `body`, on the main actor with the models it holds
/// (the shared helper's body is not, so a main-actor test cannot hand it its closure).
@MainActor
func withScratchDirectory(_ body: @MainActor (URL) async throws -> Void) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parlor-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try await body(directory)
}
