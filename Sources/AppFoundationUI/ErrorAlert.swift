#if canImport(SwiftUI)
import AppFoundation
import SwiftUI

extension View {
    /// Shows a screen's error as an alert: its title, its sentence, and OK, which `dismiss`es it.
    public func errorAlert(_ error: ErrorPresentation?, isPresented: Binding<Bool>, dismiss: @escaping @MainActor () -> Void) -> some View {
        alert(error?.title ?? "", isPresented: isPresented) {
            Button("OK") { dismiss() }
        } message: {
            Text(error?.message ?? "")
        }
    }
}
#endif
