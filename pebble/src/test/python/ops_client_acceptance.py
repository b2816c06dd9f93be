"""The real client against this Pebble: ops.pebble.Client (ops 2.17) as charms call it.

Run by OpsClientAcceptanceTest with PYTHONPATH pointing at the vendored ops; argv: socket path, free TCP port.
Prints one line per passed step and "N passed, 0 failed" at the end; exits non-zero at the first failure.
"""
import datetime
import io
import sys
import time

import ops.pebble as pebble

socket_path, port = sys.argv[1], int(sys.argv[2])
client = pebble.Client(socket_path=socket_path)
passed = 0


def step(name):
    global passed
    passed += 1
    print('ok', name, flush=True)


info = client.get_system_info()
assert info.version, info
step('get_system_info')

layer = {
    'summary': 'web',
    'services': {
        'web': {
            'override': 'replace',
            'command': f'python3 -m http.server {port} --bind 127.0.0.1',
            'startup': 'enabled',
            'environment': {'GREETING': 'hello'},
        },
        'idle': {'override': 'replace', 'command': 'sleep 1000'},
    },
    'checks': {
        'web-up': {'override': 'replace', 'level': 'ready', 'period': '1s', 'threshold': 2,
                   'http': {'url': f'http://127.0.0.1:{port}/'}},
    },
}
client.add_layer('base', layer, combine=True)
plan = client.get_plan()
assert 'web' in plan.services and plan.services['web'].environment == {'GREETING': 'hello'}, plan.to_yaml()
step('add_layer + get_plan')

client.replan_services()
services = {s.name: s for s in client.get_services()}
assert services['web'].is_running(), services
assert not services['idle'].is_running(), services
step('replan_services starts enabled services')

client.add_layer('base', {'services': {'web': {'override': 'merge', 'environment': {'EXTRA': '1'}}}}, combine=True)
assert client.get_plan().services['web'].environment == {'GREETING': 'hello', 'EXTRA': '1'}, client.get_plan().to_yaml()
client.replan_services()
assert client.get_services(['web'])[0].is_running()
step('combine merges environment, replan restarts the changed service')

client.restart_services(['web'])
assert client.get_services(['web'])[0].is_running()
step('restart_services')

try:
    client.add_layer('bad', {'services': {'web': {'command': 'x'}}})
    raise AssertionError('a layer without override was accepted')
except pebble.APIError as e:
    assert e.code == 400 and 'override' in e.message, e
step('a layer without override is refused')

client.add_layer('crash', {'services': {'crash': {'override': 'replace',
                                                  'command': 'sh -c "echo boom-output; exit 3"'}}})
try:
    client.start_services(['crash'])
    raise AssertionError('a service that exits at once started')
except pebble.ChangeError as e:
    assert 'exited quickly with code 3' in e.err, e.err
    assert 'boom-output' in str(e), str(e)
step('a service that exits at once fails its start with its output')

client.push('/etc/app/config.txt', 'key=value\n', make_dirs=True, permissions=0o600)
assert client.pull('/etc/app/config.txt').read() == 'key=value\n'
files = client.list_files('/etc/app')
assert [(f.name, f.permissions, f.type) for f in files] == [('config.txt', 0o600, pebble.FileType.FILE)], files
assert client.list_files('/etc/app', itself=True)[0].type == pebble.FileType.DIRECTORY
assert [f.name for f in client.list_files('/etc/app', pattern='*.txt')] == ['config.txt']
step('push, pull, list_files')

client.push('/bin.dat', b'\x00\x01\xff', encoding=None)
assert client.pull('/bin.dat', encoding=None).read() == b'\x00\x01\xff'
step('binary push and pull')

try:
    client.pull('/etc/missing')
    raise AssertionError('pulled a missing file')
except pebble.PathError as e:
    assert e.kind == 'not-found', e
try:
    client.list_files('/nowhere', itself=True)
    raise AssertionError('listed a missing path')
except pebble.APIError as e:
    assert e.code == 404, e
step('missing paths answer not-found')

client.make_dir('/var/lib/app/data', make_parents=True, permissions=0o750)
assert client.list_files('/var/lib/app/data', itself=True)[0].permissions == 0o750
try:
    client.make_dir('/var/lib/app/data')
    raise AssertionError('made an existing directory')
except pebble.PathError as e:
    assert e.kind == 'generic-file-error', e
client.remove_path('/var/lib/app', recursive=True)
assert client.list_files('/var/lib') == []
try:
    client.remove_path('/var/lib/app')
    raise AssertionError('removed a missing path')
except pebble.PathError as e:
    assert e.kind == 'not-found', e
step('make_dir and remove_path')

process = client.exec(['cat'], stdin='piped input\n')
out, err = process.wait_output()
assert out == 'piped input\n' and err == '', (out, err)
step('exec with stdin')

process = client.exec(['sh', '-c', 'echo out; echo err >&2; pwd; echo $MY_VAR'],
                      environment={'MY_VAR': 'set'}, working_dir='/etc')
out, err = process.wait_output()
assert err == 'err\n', err
lines = out.splitlines()
assert lines[0] == 'out' and lines[1].endswith('/etc') and lines[2] == 'set', lines
step('exec with environment, working dir, split stderr')

process = client.exec(['sh', '-c', 'echo a; echo b >&2'], combine_stderr=True)
out, err = process.wait_output()
assert sorted(out.splitlines()) == ['a', 'b'] and err is None, (out, err)
step('exec with combined stderr')

try:
    client.exec(['sh', '-c', 'echo failing; exit 7']).wait_output()
    raise AssertionError('a failing command succeeded')
except pebble.ExecError as e:
    assert e.exit_code == 7 and e.stdout == 'failing\n', e
step('exec non-zero exit raises ExecError')

started = time.monotonic()
try:
    client.exec(['sleep', '10'], timeout=0.5).wait()
    raise AssertionError('a command outlived its timeout')
except pebble.ChangeError as e:
    assert 'timed out' in e.err, e.err
assert time.monotonic() - started < 5
step('exec timeout')

try:
    client.exec(['no-such-command-anywhere'])
    raise AssertionError('ran a missing executable')
except pebble.APIError as e:
    assert e.code == 400 and 'cannot find executable' in e.message, e
step('exec of a missing executable')

process = client.exec(['sleep', '30'])
process.send_signal('SIGTERM')
try:
    process.wait()
    raise AssertionError('sleep ignored SIGTERM')
except pebble.ExecError as e:
    assert e.exit_code != 0
step('exec send_signal')

deadline = time.monotonic() + 20
while True:
    checks = client.get_checks()
    if checks and checks[0].status == pebble.CheckStatus.UP and getattr(checks[0], 'successes', 1):
        break
    assert time.monotonic() < deadline, checks
    time.sleep(0.2)
assert checks[0].name == 'web-up' and checks[0].level == pebble.CheckLevel.READY and checks[0].threshold == 2
assert client.get_checks(level=pebble.CheckLevel.ALIVE) == []
step('get_checks')

client.stop_services(['web'])
deadline = time.monotonic() + 20
while client.get_checks(names=['web-up'])[0].status != pebble.CheckStatus.DOWN:
    assert time.monotonic() < deadline, client.get_checks()
    time.sleep(0.2)
step('a check goes down when its service stops')

notice_id = client.notify(pebble.NoticeType.CUSTOM, 'example.com/backup', data={'file': 'a'})
again = client.notify(pebble.NoticeType.CUSTOM, 'example.com/backup', data={'file': 'b'})
assert notice_id == again
notices = client.get_notices(types=[pebble.NoticeType.CUSTOM], keys=['example.com/backup'])
assert len(notices) == 1 and notices[0].occurrences == 2 and notices[0].last_data == {'file': 'b'}, notices
assert client.get_notice(notice_id).key == 'example.com/backup'
try:
    client.notify(pebble.NoticeType.CUSTOM, 'not a key')
    raise AssertionError('a bad key was accepted')
except pebble.APIError as e:
    assert e.code == 400
step('notify, get_notices, get_notice')

client.start_services(['idle'])
client.send_signal('SIGUSR1', ['idle'])
try:
    client.send_signal('SIGHUP', ['web'])
    raise AssertionError('signalled a stopped service')
except pebble.APIError as e:
    assert 'not running' in e.message, e
step('send_signal')

client.stop_services(['idle'])
assert not client.get_services(['idle'])[0].is_running()
step('stop_services')

print(f'{passed} passed, 0 failed', flush=True)
