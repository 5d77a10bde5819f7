/// The single-node event bus: notices go straight to this process's subscribers, on the
/// publisher's task.
package final class LocalGameEventBus: GameEventBus {
    package let receivers = GameNoticeReceivers()

    package init() {}

    package func publish(_ notice: GameNotice) async {
        receivers.deliver(notice)
    }
}
