import Foundation
import Testing
import TestSupport

/// Package.swift says what each target depends on, and the sources say what they import: the two
/// agree for the package's own modules. An undeclared import compiles only while some other
/// dependency happens to bring the module along; a declared dependency nobody imports costs build
/// time and draws an arrow in the module map that is not there. (External products are left out:
/// a product and the modules it vends need not share a name.)
@Suite struct DependencyDeclarationTests {
    /// Dependencies held for what they build, not for what is imported.
    static let builtNotImported: [String: Set<String>] = [
        // The view check compiles every UI target's sources: they must be built first.
        "AppShellTests": ["AppFoundationUI", "QuortexUI", "PartyUI", "TopDogUI", "TandemUI", "PubGamesUI"],
        // These tests run the binaries.
        "ParlorCommandTests": ["parlor", "parlor-loadtest"],
    ]

    struct Target: Sendable {
        let name: String
        let kind: String
        let folder: String
        let dependencies: Set<String>
    }

    static func manifest() throws -> [Target] {
        // A scratch folder of its own: `swift test` may hold the package's .build meanwhile.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dump-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--scratch-path", scratch.path, "dump-package"]
        process.currentDirectoryURL = repositoryRoot()
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let targets = json["targets"] as? [[String: Any]]
        else { throw ManifestError(description: "swift package dump-package failed (\(process.terminationStatus))") }
        return targets.compactMap { target in
            guard let name = target["name"] as? String, let kind = target["type"] as? String else { return nil }
            let folder = target["path"] as? String ?? (kind == "test" ? "Tests/\(name)" : "Sources/\(name)")
            // Each dependency is `{"byName": [name, …]}`, `{"target": [name, …]}` or `{"product": [name, package, …]}`.
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
                guard let kind = dependency["byName"] ?? dependency["target"] else { return nil }
                return (kind as? [Any])?.first as? String
            }
            return Target(name: name, kind: kind, folder: folder, dependencies: Set(dependencies))
        }
    }

    /// The modules a folder's Swift files import (`import X`, `@testable import X`, `import struct X.Y`).
    static func imports(in folder: URL) throws -> Set<String> {
        let line = try Regex(#"^\s*(?:@\w+\s+)*(?:(?:public|package|internal)\s+)?import\s+(?:(?:struct|enum|class|func|protocol|typealias|var|let)\s+)?(\w+)"#)
        var modules: Set<String> = []
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        for case let file as URL in walker where file.pathExtension == "swift" {
            for text in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                if let match = String(text).firstMatch(of: line), let module = match.output[1].substring { modules.insert(String(module)) }
            }
        }
        return modules
    }

    @Test func everyImportOfAPackageModuleIsDeclaredAndEveryDeclaredOneImported() throws {
        let targets = try Self.manifest().filter { $0.kind != "plugin" }
        #expect(targets.count > 40, "the manifest lists the package's targets")
        let local = Set(targets.map(\.name))
        var findings: [String] = []
        for target in targets {
            let imported = try Self.imports(in: repositoryRoot().appendingPathComponent(target.folder)).intersection(local).subtracting([target.name])
            let declared = target.dependencies.intersection(local)
            for module in imported.subtracting(declared).sorted() {
                findings.append("\(target.name) imports \(module) without depending on it")
            }
            let kept = Self.builtNotImported[target.name] ?? []
            for module in declared.subtracting(imported).subtracting(kept).sorted() {
                findings.append("\(target.name) depends on \(module) without importing it")
            }
        }
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }
}

struct ManifestError: Error, CustomStringConvertible {
    let description: String
}
