#if canImport(SwiftUI)
import QuortexFeature
import SwiftUI

/// One game in a list: who it is against and where it stands, in the model's words.
struct GameListingRow: View {
    let listing: GameListing

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(listing.title).font(.headline)
            Text(listing.detail).font(.footnote)
        }
    }
}
#endif
