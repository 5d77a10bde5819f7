#if canImport(SwiftUI)
import QuortexFeature
import SwiftUI

/// Every seat in a row: its label, whose turn it is, who is away or has resigned.
struct QuortexSeatBar: View {
    let seats: [QuortexSeatBadge]

    var body: some View {
        HStack(spacing: 12) {
            ForEach(seats) { seat in
                VStack(spacing: 2) {
                    Text(seat.label).font(seat.isToMove ? .headline : .subheadline)
                    if seat.hasResigned {
                        Text("resigned").font(.footnote).foregroundStyle(.secondary)
                    } else if seat.isAway {
                        Text("away").font(.footnote).foregroundStyle(.secondary)
                    } else if seat.isToMove {
                        Text("to move").font(.footnote)
                    }
                }
            }
        }
    }
}
#endif
