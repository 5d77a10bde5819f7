#if canImport(SwiftUI)
import AppFoundation
import SwiftUI

/// An app's root: the kept session is read once at launch (a spinner meanwhile), then the sign-in
/// screen while no one is signed in and the app's home for whoever is.
public struct SessionGate<Home: View>: View {
    private let model: SessionModel
    private let home: (SignedInUser) -> Home

    public init(model: SessionModel, @ViewBuilder home: @escaping (SignedInUser) -> Home) {
        self.model = model
        self.home = home
    }

    public var body: some View {
        // Captures the model alone: the view itself (generic over Home) need not cross into the task.
        screen.task { [model] in await model.restore() }
    }

    @ViewBuilder private var screen: some View {
        switch model.status {
        case .restoring:
            ProgressView()
        case .signedOut, .signingIn:
            SignInView(model: model)
        case .signedIn(let user):
            home(user)
        }
    }
}
#endif
