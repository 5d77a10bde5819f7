import Foundation
import Testing

/// Every view file type-checks against the SwiftUI stand-in and the package's real modules, in
/// Swift 6 mode with the package's settings: a view that names a model member that doesn't
/// exist, passes the wrong type or breaks actor isolation fails here, not first in Xcode.
@Suite(.enabled(if: ViewCheck.applies, "SwiftUI is real here; the apps job builds the views")) struct ViewTypeCheckTests {
    @Test("the stand-in modules compile", arguments: ShellLayout.standInModules)
    func standInCompiles(module: String) async throws {
        let run = try #require(try await ViewCheck.shared.value.modules[module])
        #expect(run.succeeded, "\(run.report)")
    }

    @Test("each view target type-checks", arguments: ShellLayout.viewTargets)
    func viewTargetTypeChecks(target: String) async throws {
        let run = try #require(try await ViewCheck.shared.value.modules[target])
        #expect(run.succeeded, "\(run.report)")
        #expect(!run.output.contains("warning:"), "\(run.report)")
    }

    @Test("each app shell type-checks", arguments: ShellLayout.appShells)
    func appShellTypeChecks(app: String) async throws {
        let check = try await ViewCheck.shared.value
        let sources = ShellLayout.swiftFiles(in: ShellLayout.apps.appendingPathComponent(app))
        try #require(!sources.isEmpty, "Apps/\(app) has no Swift file")
        // The shell is an app target of its own, under the module name Xcode gives it; it is
        // compiled with AppFoundationUI's settings.
        let module = try #require(try ProjectSpec.load().targets.first { $0.name == app }).moduleName
        let run = try await check.typecheck(sources, moduleName: module, flagsOf: "AppFoundationUI")
        #expect(run.succeeded, "\(run.report)")
        #expect(!run.output.contains("warning:"), "\(run.report)")
    }
}
