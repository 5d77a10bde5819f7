/// The single-node event bus: notices go straight to this process's subscribers, on the
/// publisher's task.
package final class LocalEventBus: EventBus {
    package let receivers = NoticeReceivers()

    package init() {}

    package func publish(_ notice: Notice) async {
        receivers.deliver(notice)
    }
}
