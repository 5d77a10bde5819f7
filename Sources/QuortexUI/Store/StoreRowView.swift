#if canImport(SwiftUI)
import QuortexFeature
import SwiftUI

/// One product: its name and note, and its price as a button, or that it is owned.
struct StoreRowView: View {
    let row: StoreRow
    let buy: @MainActor () -> Void

    var body: some View {
        HStack {
            VStack(alignment: .leading) {
                Text(row.title)
                if !row.detail.isEmpty {
                    Text(row.detail).font(.footnote).foregroundStyle(.secondary)
                }
            }
            Spacer()
            if row.ownership == .buyable {
                Button(row.buttonTitle, action: buy)
                    .disabled(!row.canBuy)
            } else {
                Label(row.buttonTitle, systemImage: "checkmark.circle.fill")
            }
        }
    }
}
#endif
