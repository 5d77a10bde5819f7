#if canImport(SwiftUI)
import AppFoundation
import SwiftUI

/// The home an app shows until its own screens exist: who is signed in, and Sign Out.
public struct SignedInPlaceholderView: View {
    private let model: SessionModel
    private let user: SignedInUser

    public init(model: SessionModel, user: SignedInUser) {
        self.model = model
        self.user = user
    }

    public var body: some View {
        VStack(spacing: 16) {
            BrandHeader(brand: model.brand)
            Text("Signed in as \(user.displayName)")
            if user.isGuest {
                Text("Guest account").font(.footnote).foregroundStyle(.secondary)
            }
            if let error = model.error {
                ErrorNotice(error: error, recover: { Task { await model.recover() } }) { model.dismissError() }
            }
            Button("Sign Out") { Task { await model.signOut() } }
                .disabled(model.isWorking)
        }
        .padding()
    }
}
#endif
