#if canImport(SwiftUI)
import QuortexFeature
import SwiftUI

/// A real-time game's chat: closed, a button with the unread count; open, the lines and the
/// draft with what is left of the limit, and the wait while the server says the player sends
/// too fast.
struct QuortexChatPanel: View {
    @Bindable var chat: QuortexChatModel

    var body: some View {
        if chat.isOpen {
            VStack(spacing: 6) {
                HStack {
                    Text("Chat").font(.headline)
                    Spacer()
                    Button("Hide") { chat.close() }
                }
                ForEach(chat.lines) { line in
                    Text("\(line.isMine ? "You" : line.name): \(line.text)")
                }
                HStack {
                    TextField("Message", text: $chat.draft)
                    Button("Send") { Task { await chat.send() } }.disabled(!chat.canSend)
                }
                Text("\(chat.remaining) left").font(.footnote).foregroundStyle(.secondary)
                if let notice = chat.slowDownNotice { Text(notice).font(.footnote).foregroundStyle(.secondary) }
                if let error = chat.error { Text(error).font(.footnote) }
            }
        } else {
            Button(chat.unreadBadge.map { "Chat (\($0))" } ?? "Chat") { chat.open() }
        }
    }
}
#endif
