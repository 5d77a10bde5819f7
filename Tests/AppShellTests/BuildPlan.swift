import Foundation

/// How SwiftPM compiles a view target here: the compiler it used and the flags that find the
/// package's built modules (`-I …/Modules`, the C modules' maps, the language mode and upcoming
/// features). Read from the build's own plan (`.build/debug.yaml`), so the views are checked
/// against the very modules and settings the package was just built with.
struct BuildPlan: Sendable {
    let swiftc: URL
    let modules: URL
    private let flagsByTarget: [String: [String]]

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// The flags a target is compiled with, less its own sources and outputs.
    func flags(for target: String) throws(Missing) -> [String] {
        guard let flags = flagsByTarget[target] else {
            throw Missing(description: "The build plan has no compile command for \(target); run `swift build --build-tests` first.")
        }
        return flags
    }

    /// The plan of the build this test binary belongs to, read once (the plan is megabytes).
    static func current() throws(Missing) -> BuildPlan {
        try loaded.get()
    }

    private static let loaded = Result { () throws(Missing) -> BuildPlan in try load() }

    private static func load() throws(Missing) -> BuildPlan {
        let buildDirectory = try testBinaryDirectory()
        let modules = buildDirectory.appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("AppFoundation.swiftmodule").path) else {
            throw Missing(description: "No AppFoundation module in \(modules.path); run `swift build --build-tests` first.")
        }
        let plan = try planFile(for: buildDirectory)
        let text: String
        do { text = try String(contentsOf: plan, encoding: .utf8) } catch {
            throw Missing(description: "Cannot read the build plan \(plan.path): \(error)")
        }
        var swiftc: URL?
        var flagsByTarget: [String: [String]] = [:]
        let lines = text.split(separator: "\n")
        for target in ShellLayout.viewTargets {
            guard let arguments = compileArguments(of: target, in: lines) else { continue }
            swiftc = swiftc ?? arguments.first.map { URL(fileURLWithPath: $0) }
            flagsByTarget[target] = searchFlags(Array(arguments.dropFirst()))
        }
        guard let compiler = swiftc ?? pathCompiler(), FileManager.default.isExecutableFile(atPath: compiler.path) else {
            throw Missing(description: "No swiftc: neither the build plan \(plan.path) nor PATH names one.")
        }
        return BuildPlan(swiftc: compiler, modules: modules, flagsByTarget: flagsByTarget)
    }

    /// The folder of the running test binary (`.build/<triple>/debug`), which holds `Modules/`.
    private static func testBinaryDirectory() throws(Missing) -> URL {
        let binary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let fromBinary = binary.deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: fromBinary.appendingPathComponent("Modules").path) { return fromBinary }
        let fallback = ShellLayout.root.appendingPathComponent(".build/debug").resolvingSymlinksInPath()
        if FileManager.default.fileExists(atPath: fallback.appendingPathComponent("Modules").path) { return fallback }
        throw Missing(description: "No built modules next to \(binary.path) nor in \(fallback.path); run `swift build --build-tests` first.")
    }

    /// `.build/debug.yaml` for `.build/x86_64-unknown-linux-gnu/debug`: the configuration's plan,
    /// in the first folder above the build folder that has one.
    private static func planFile(for buildDirectory: URL) throws(Missing) -> URL {
        let name = buildDirectory.lastPathComponent + ".yaml"
        var folder = buildDirectory.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        throw Missing(description: "No \(name) above \(buildDirectory.path); run `swift build --build-tests` first.")
    }

    /// The `args:` of the command that compiles `target`'s module. Each is one line of JSON-style
    /// strings after the command's name (`"C.<target>-<triple>-debug.module":`).
    static func compileArguments(of target: String, in lines: [Substring]) -> [String]? {
        guard
            let start = lines.firstIndex(where: {
                let line = $0.trimmingCharacters(in: .whitespaces)
                return line.hasPrefix("\"C.\(target)-") && line.hasSuffix(".module\":")
            })
        else { return nil }
        for line in lines[start...].dropFirst().prefix(30) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("args:") else { continue }
            let list = Data(trimmed.dropFirst("args:".count).utf8)
            return (try? JSONSerialization.jsonObject(with: list)) as? [String]
        }
        return nil
    }

    /// The flags that say where modules are and how the language is set, kept in order; sources,
    /// outputs and the driver's job settings are left out.
    static func searchFlags(_ arguments: [String]) -> [String] {
        let withValue: Set = [
            "-I", "-F", "-Xcc", "-target", "-sdk", "-swift-version", "-enable-upcoming-feature", "-enable-experimental-feature",
            "-package-name", "-module-cache-path", "-D",
        ]
        var kept: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if withValue.contains(argument), index + 1 < arguments.count {
                kept += [argument, arguments[index + 1]]
                index += 2
                continue
            }
            if argument.hasPrefix("-D") || argument.hasPrefix("-I") { kept.append(argument) }
            index += 1
        }
        return kept
    }

    private static func pathCompiler() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
