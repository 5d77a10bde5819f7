import Foundation
import Testing

/// Every view file parses, and every file of a view target is Apple-only: wrapped whole in
/// `#if canImport(SwiftUI)`, so that the package builds those targets empty here.
@Suite struct ViewFileTests {
    static let files = ShellLayout.viewFiles.map(ShellLayout.relative)

    @Test func thereAreViewsToCheck() {
        #expect(Self.files.contains("Sources/AppFoundationUI/SignInView.swift"))
        #expect(ShellLayout.appShells == ["OneForTheBoys", "PubGames", "Quortex", "Tandem", "TopDog"])
    }

    @Test("each view file parses", .enabled(if: ViewCheck.applies, "Xcode parses them here"), arguments: files)
    func parses(file: String) async throws {
        let plan = try BuildPlan.current()
        let run = try await ToolRun.run(plan.swiftc, ["-parse", "-parse-as-library", ShellLayout.root.appendingPathComponent(file).path])
        #expect(run.succeeded && run.output.isEmpty, "\(run.report)")
    }

    /// A view is inside `#if canImport(SwiftUI)`; a live client of another Apple framework
    /// (StoreKit, GameKit, UserNotifications) inside its own `canImport`, checked the same way.
    static let appleOnlyGuards = ShellLayout.standInModules.map { "#if canImport(\($0))" }

    @Test("each view target file is inside #if canImport(an Apple framework)", arguments: files.filter { $0.hasPrefix("Sources/") })
    func isAppleOnly(file: String) throws {
        let text = try String(contentsOf: ShellLayout.root.appendingPathComponent(file), encoding: .utf8)
        let code = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") }
        // A file of comments only (a module's note) has nothing to wrap.
        guard let first = code.first, let last = code.last else { return }
        #expect(Self.appleOnlyGuards.contains(first), "\(file) starts with \(first)")
        #expect(last == "#endif", "\(file) ends with \(last)")
    }

    /// A SwiftUI target added under Sources/ must be added to the check too.
    @Test func everyViewTargetIsChecked() throws {
        let sources = ShellLayout.root.appendingPathComponent("Sources")
        let viewTargets = ShellLayout.directories(in: sources).filter { $0.hasSuffix("UI") }
        #expect(Set(viewTargets) == Set(ShellLayout.viewTargets))
    }
}
