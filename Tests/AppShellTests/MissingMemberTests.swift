import Foundation
import Testing
import TestSupport

/// The check can fail: a view naming a model member that doesn't exist is refused.
@Suite(.enabled(if: ViewCheck.applies, "SwiftUI is real here; the apps job builds the views")) struct MissingMemberTests {
    @Test func aViewNamingAMissingModelMemberFailsTheTypeCheck() async throws {
        let check = try await ViewCheck.shared.value
        try await withTemporaryDirectory { folder in
            let view = folder.appendingPathComponent("NicknameView.swift")
            try """
            #if canImport(SwiftUI)
            import AppFoundation
            import SwiftUI

            struct NicknameView: View {
                let model: SessionModel

                var body: some View {
                    Text(model.nickname)
                }
            }
            #endif
            """.write(to: view, atomically: true, encoding: .utf8)
            let sources = ShellLayout.swiftFiles(in: ShellLayout.viewTargetDirectory("AppFoundationUI")) + [view]
            let run = try await check.typecheck(sources, moduleName: "AppFoundationUI", flagsOf: "AppFoundationUI")
            // Kept in the test log: what a broken view looks like in CI.
            print("The type-check of a view naming SessionModel.nickname said:\n\(run.output)")
            #expect(!run.succeeded)
            #expect(run.output.contains("value of type 'SessionModel' has no member 'nickname'"), "\(run.report)")
        }
    }
}
