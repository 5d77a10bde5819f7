"""A local SMTP relay for ParlorMailTests: aiosmtpd on 127.0.0.1 and a free port.

It prints `PORT <n>` once listening, then one JSON line per message it accepts
({"mail_from", "rcpt_tos", "data", "auth_user", "tls"}) and one per refusal or drop
({"event": ...}), on stdout, flushed.

Modes (flags, combinable):
  --implicit-tls           TLS from the first byte (port 465 style)
  --starttls               offer STARTTLS and require it before MAIL
  --auth                   require AUTH (PLAIN and LOGIN offered) as --user / --password
  --login-only             offer AUTH LOGIN only
  --refuse PREFIX          answer RCPT TO of addresses starting with PREFIX with 550
  --drop-after-data N      close the connection, without answering, after the DATA of the first N messages
  --cert/--key             the server's certificate and key (PEM), for either TLS mode
"""
import argparse
import asyncio
import email
import email.policy
import json
import signal
import socket
import ssl
import sys

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


def emit(record):
    sys.stdout.write(json.dumps(record) + "\n")
    sys.stdout.flush()


class Handler:
    def __init__(self, options):
        self.options = options
        self.drops_left = options.drop_after_data

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.options.refuse and address.startswith(self.options.refuse):
            emit({"event": "refused", "rcpt": address})
            return "550 5.1.1 <%s>: no such mailbox here" % address
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.drops_left > 0:
            self.drops_left -= 1
            emit({"event": "dropped", "rcpt_tos": envelope.rcpt_tos})
            server.transport.abort()
            return "421 gone"
        # Python's own MIME parser decodes the message, independently of the client that encoded it.
        parsed = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        emit({
            "subject": str(parsed["subject"]),
            "body": parsed.get_content(),
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "data": envelope.original_content.decode("utf-8", "surrogateescape"),
            "auth_user": session.auth_data.login.decode() if isinstance(session.auth_data, LoginPassword) else None,
            "tls": session.ssl is not None,
        })
        return "250 2.0.0 queued"


def main():
    # The test process may block or ignore SIGTERM (its own shutdown handling), and a child
    # inherits both: undo them, so the test's terminate() ends this server.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parser = argparse.ArgumentParser()
    parser.add_argument("--implicit-tls", action="store_true")
    parser.add_argument("--starttls", action="store_true")
    parser.add_argument("--auth", action="store_true")
    parser.add_argument("--login-only", action="store_true", help="offer AUTH LOGIN but not PLAIN")
    parser.add_argument("--user", default="parlor")
    parser.add_argument("--password", default="secret")
    parser.add_argument("--refuse", default=None)
    parser.add_argument("--drop-after-data", type=int, default=0)
    parser.add_argument("--cert")
    parser.add_argument("--key")
    options = parser.parse_args()

    context = None
    if options.cert:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(options.cert, options.key)

    def authenticator(server, session, envelope, mechanism, auth_data):
        ok = isinstance(auth_data, LoginPassword) and auth_data.login.decode() == options.user \
            and auth_data.password.decode() == options.password
        return AuthResult(success=ok, auth_data=auth_data)

    handler = Handler(options)

    def factory():
        return SMTP(
            handler,
            hostname="relay.test",
            tls_context=context if options.starttls else None,
            require_starttls=options.starttls,
            authenticator=authenticator if options.auth else None,
            auth_required=options.auth,
            # Over implicit TLS the session is already protected; aiosmtpd cannot tell.
            auth_require_tls=options.starttls,
            auth_exclude_mechanism=["CRAM-MD5", "PLAIN"] if options.login_only else ["CRAM-MD5"],
        )

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)

    async def serve():
        loop = asyncio.get_running_loop()
        server = await loop.create_server(factory, sock=listener, ssl=context if options.implicit_tls else None)
        print("PORT %d" % listener.getsockname()[1], flush=True)
        async with server:
            await server.serve_forever()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
