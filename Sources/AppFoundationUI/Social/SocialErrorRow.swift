#if canImport(SwiftUI)
import AppFoundation
import SwiftUI

/// A social screen's failure as a list row: the model's title and sentence, and one button that
/// tries again (labelled with the model's recovery where it offers one).
struct SocialErrorRow: View {
    let error: ErrorPresentation
    let retry: @MainActor () -> Void

    var body: some View {
        VStack(spacing: 4) {
            Text(error.title).font(.headline)
            Text(error.message).font(.footnote)
            Button(error.recovery?.label ?? "Try Again", action: retry)
        }
    }
}
#endif
