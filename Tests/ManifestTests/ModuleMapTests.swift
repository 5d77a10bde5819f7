import Foundation
import Testing
import TestSupport

/// docs/module-map.md is drawn from the manifest by scripts/module-map: it says what the script
/// prints now, so a dependency added or removed without redrawing the map fails here.
@Suite struct ModuleMapTests {
    @Test func theMapInTheDocsIsTheManifestsMap() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "scripts/module-map"]
        process.currentDirectoryURL = repositoryRoot()
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(printed.contains("flowchart LR"), "the script drew a map")
        let committed = try String(contentsOf: repositoryRoot().appendingPathComponent("docs/module-map.md"), encoding: .utf8)
        #expect(printed == committed, "docs/module-map.md is stale: run `scripts/module-map > docs/module-map.md`")
    }
}
