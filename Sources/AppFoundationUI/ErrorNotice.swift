#if canImport(SwiftUI)
import AppFoundation
import SwiftUI

/// An `ErrorPresentation` as a screen shows it: its title, its sentence, its recovery (when the
/// model offers one) and a button that clears it. The words are the model's.
struct ErrorNotice: View {
    let error: ErrorPresentation
    let recover: (@MainActor () -> Void)?
    let dismiss: @MainActor () -> Void

    var body: some View {
        VStack(spacing: 4) {
            Text(error.title).font(.headline)
            Text(error.message).font(.footnote)
            HStack {
                if let recover, let recovery = error.recovery {
                    Button(recovery.label, action: recover)
                }
                Button("OK", action: dismiss)
            }
        }
    }
}
#endif
