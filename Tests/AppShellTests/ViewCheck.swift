import Foundation

/// The type-check of the views against the stand-in, done once for all the tests that need it:
/// the stand-in modules are compiled into a temporary folder, then each view target is compiled
/// into a module there too (in dependency order, so that QuortexUI imports the AppFoundationUI
/// that was checked, not the empty one the Linux build made), then each app shell is type-checked
/// against all of them.
struct ViewCheck: Sendable {
    let plan: BuildPlan
    let folder: URL
    /// Each stand-in module's and each view target's compile, by module name.
    let modules: [String: ToolRun]

    static let shared = Task { try await ViewCheck.make() }

    /// The stand-in is for where SwiftUI does not exist. On Apple's systems the real framework is
    /// there (and `/proc` is not); CI builds the apps with Xcode instead (.github/workflows/apple.yml).
    static let applies: Bool = {
        #if canImport(SwiftUI)
        false
        #else
        true
        #endif
    }()

    private static func make() async throws -> ViewCheck {
        let plan = try BuildPlan.current()
        let folder = try freshFolder(next: plan.modules)
        var modules: [String: ToolRun] = [:]
        for module in ShellLayout.standInModules {
            let sources = ShellLayout.swiftFiles(in: ShellLayout.standIn.appendingPathComponent(module))
            modules[module] = try await emitModule(module, sources: sources, flags: ["-swift-version", "6"], plan: plan, into: folder)
        }
        for target in ShellLayout.viewTargets {
            let sources = ShellLayout.swiftFiles(in: ShellLayout.viewTargetDirectory(target))
            modules[target] = try await emitModule(target, sources: sources, flags: try plan.flags(for: target), plan: plan, into: folder)
        }
        return ViewCheck(plan: plan, folder: folder, modules: modules)
    }

    /// A folder of this run's own beside the package's modules (`.build/<triple>/debug/SwiftUICheck/<id>`):
    /// other test runs may check at the same time. Folders left by runs over an hour ago go.
    private static func freshFolder(next modules: URL) throws -> URL {
        let parent = modules.deletingLastPathComponent().appendingPathComponent("SwiftUICheck")
        let files = FileManager.default
        for old in (try? files.contentsOfDirectory(at: parent, includingPropertiesForKeys: [.contentModificationDateKey])) ?? [] {
            let modified = (try? old.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate ?? .distantPast
            if modified < Date(timeIntervalSinceNow: -3600) { try? files.removeItem(at: old) }
        }
        let folder = parent.appendingPathComponent(UUID().uuidString)
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Compiles sources into `folder/<name>.swiftmodule`. The stand-ins and the checked view
    /// modules come first on the search path, before the package's own build folder.
    static func emitModule(_ name: String, sources: [URL], flags: [String], plan: BuildPlan, into folder: URL) async throws -> ToolRun {
        try await ToolRun.run(
            plan.swiftc,
            ["-emit-module", "-parse-as-library", "-module-name", name, "-I", folder.path] + flags
                + ["-emit-module-path", folder.appendingPathComponent("\(name).swiftmodule").path] + sources.map(\.path))
    }

    /// Type-checks files (an app's shell, or a view target with a file added) against the stand-ins
    /// and the checked view modules, with a view target's flags.
    func typecheck(_ sources: [URL], moduleName: String, flagsOf target: String) async throws -> ToolRun {
        try await ToolRun.run(
            plan.swiftc,
            ["-typecheck", "-parse-as-library", "-module-name", moduleName, "-I", folder.path] + (try plan.flags(for: target))
                + sources.map(\.path))
    }
}
