#if canImport(SwiftUI)
import AppFoundation
import AppFoundationUI
import SwiftUI

/// Tandem's root screen: the shared session gate, with this app's home once someone is signed in.
/// The home is a placeholder until Tandem's own screens (over TandemFeature's models) arrive.
public struct TandemRootView: View {
    private let session: SessionModel

    public init(session: SessionModel) {
        self.session = session
    }

    public var body: some View {
        SessionGate(model: session) { user in
            SignedInPlaceholderView(model: session, user: user)
        }
    }
}
#endif
