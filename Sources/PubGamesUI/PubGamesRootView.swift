#if canImport(SwiftUI)
import AppFoundation
import AppFoundationUI
import SwiftUI

/// PubGames's root screen: the shared session gate, with this app's home once someone is signed in.
/// The home is a placeholder until PubGames's own screens (over PubGamesFeature's models) arrive.
public struct PubGamesRootView: View {
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
