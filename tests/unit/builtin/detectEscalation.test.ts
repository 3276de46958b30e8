import { describe, expect, it } from 'vitest';
import { detectEscalation } from '../../../electron/core/builtin/sudo/detectEscalation';

type Via = 'sudo' | 'doas' | 'pkexec' | 'su' | 'run0';

// Each row: a command that escalates, and the program it escalates through.
const ESCALATING: [string, Via][] = [
  ['sudo apt update', 'sudo'],
  ['cd build && sudo make install', 'sudo'],
  ['a; sudo b', 'sudo'],
  ['a || sudo b', 'sudo'],
  ['a | sudo tee /etc/hosts', 'sudo'],
  ['a |& sudo tee log', 'sudo'],
  ['make & sudo b', 'sudo'],
  ['echo start\nsudo reboot', 'sudo'],
  ['echo start \\\n && sudo reboot', 'sudo'],
  ['$(sudo cat /etc/shadow)', 'sudo'],
  ['echo $(sudo cat /etc/shadow)', 'sudo'],
  ['echo "$(sudo cat /etc/shadow)"', 'sudo'],
  ['echo `sudo cat /etc/shadow`', 'sudo'],
  ['x=$(sudo id -u)', 'sudo'],
  ['echo ${x:-$(sudo id)}', 'sudo'],
  ['diff <(sudo cat a) b', 'sudo'],
  ['(cd /; sudo ls)', 'sudo'],
  ['{ sudo ls; }', 'sudo'],
  ['if sudo true; then echo ok; fi', 'sudo'],
  ['while true; do sudo ls; done', 'sudo'],
  ['! sudo false', 'sudo'],
  ['/usr/bin/sudo ls', 'sudo'],
  ['"/usr/bin/sudo" ls', 'sudo'],
  ["'sudo' ls", 'sudo'],
  ['s\\udo ls', 'sudo'],
  ['s""udo ls', 'sudo'],
  ["$'sudo' ls", 'sudo'],
  ['SUDO ls', 'sudo'],
  ['sudo.exe ls', 'sudo'],
  ['sudoedit /etc/hosts', 'sudo'],
  ['env sudo ls', 'sudo'],
  ['env FOO=1 sudo ls', 'sudo'],
  ['env -i PATH=/bin sudo ls', 'sudo'],
  ['env -u HOME sudo ls', 'sudo'],
  ["env -S 'sudo ls'", 'sudo'],
  ['FOO=1 sudo ls', 'sudo'],
  ['nice sudo ls', 'sudo'],
  ['nice -n 10 sudo ls', 'sudo'],
  ['time sudo ls', 'sudo'],
  ['time -p sudo ls', 'sudo'],
  ['nohup sudo ls &', 'sudo'],
  ['setsid sudo ls', 'sudo'],
  ['exec sudo ls', 'sudo'],
  ['command sudo ls', 'sudo'],
  ['stdbuf -oL sudo ls', 'sudo'],
  ['timeout 5 sudo ls', 'sudo'],
  ['timeout -s KILL 5 sudo ls', 'sudo'],
  ['ionice -c 3 sudo ls', 'sudo'],
  ['ls | xargs sudo rm', 'sudo'],
  ['ls | xargs -0 -n1 sudo rm', 'sudo'],
  ['ls | xargs -I{} sudo rm {}', 'sudo'],
  ['watch -n 1 sudo ls', 'sudo'],
  ['flock /tmp/lock sudo ls', 'sudo'],
  ["bash -c 'apt update && sudo apt upgrade'", 'sudo'],
  ['sh -c "cd /tmp; sudo ls"', 'sudo'],
  ["bash -lc 'sudo ls'", 'sudo'],
  ["bash -e -o pipefail -c 'sudo ls'", 'sudo'],
  ["zsh -c 'ls && sudo ls'", 'sudo'],
  [`sh -c "bash -c 'sudo ls'"`, 'sudo'],
  ["eval 'sudo ls'", 'sudo'],
  ['bash <<< "sudo ls"', 'sudo'],
  ["echo 'sudo ls' | sh", 'sudo'],
  ["printf 'sudo ls\\n' | bash -s", 'sudo'],
  ['find . -name x -exec sudo rm {} \\;', 'sudo'],
  ['ssh host sudo reboot', 'sudo'],
  ["ssh host 'sudo reboot'", 'sudo'],
  ["script -qc 'sudo ls' /dev/null", 'sudo'],
  ['alias please=sudo', 'sudo'],
  ['$(which sudo) ls', 'sudo'],
  ['$SUDO ls', 'sudo'],
  ['apt install sudo', 'sudo'],
  ['doas ls', 'doas'],
  ['cd /; doas make install', 'doas'],
  ['pkexec ls', 'pkexec'],
  ['/usr/bin/pkexec --user root ls', 'pkexec'],
  ["su -c 'apt update'", 'su'],
  ['su root', 'su'],
  ['su - someone -c ls', 'su'],
  ['su', 'su'],
  ['run0 ls', 'run0'],
  ['run0 --user=root systemctl restart x', 'run0'],
];

// Commands that do not escalate, though some of them mention an escalation program.
const NOT_ESCALATING = [
  'ls -la',
  'pseudocode --help',
  'sudoku',
  './sudoku --solve',
  'cat sudoers.txt',
  'cat /etc/sudoers.d/README',
  // echo prints its arguments; the parser knows quoting, so this text cannot run (see below for
  // the ways it could: a substitution, or a pipe into a shell, both flagged).
  'echo "use sudo carefully"',
  'echo use sudo carefully',
  "echo 'sudo apt update'",
  'printf "%s\\n" sudo',
  'grep sudo /var/log/auth.log',
  'grep -r "sudo " /etc',
  'journalctl -t sudo',
  'which sudo',
  'type sudo',
  'command -v sudo',
  'man sudo',
  'ls -l /usr/bin/sudo',
  'time grep sudo file',
  'find . -name sudo',
  'git commit -m "use sudo carefully"',
  'git log --grep=sudo',
  'echo hi > sudo',
  "bash -c 'echo sudo'",
  'for x in sudo doas; do echo $x; done',
  'summary',
  'dosu',
  'cd su && ls',
  'resume.sh',
  '# sudo rm -rf /',
  '',
];

// Commands that hand sudo a password themselves: refused, never run.
const PIPED = [
  'echo hunter2 | sudo -S apt update',
  'sudo -S apt update <<< hunter2',
  "printf 'hunter2\\n' | sudo --stdin apt update",
  'sudo -A apt update',
  'sudo --askpass apt update',
  'SUDO_ASKPASS=/tmp/pw.sh sudo -A ls',
  'export SUDO_ASKPASS=/tmp/pw.sh; sudo ls',
  'echo hunter2 | sudo -kS ls',
  'echo hunter2 | sudo -u root -S ls',
  "bash -c 'echo hunter2 | sudo -S ls'",
  'cd /; echo hunter2 | /usr/bin/sudo -S make install',
];

describe('detectEscalation', () => {
  it.each(ESCALATING)('flags %j as escalating through %s', (command, via) => {
    expect(detectEscalation(command)).toEqual({ escalates: true, via, pipedPassword: false });
  });

  it.each(NOT_ESCALATING)('does not flag %j', (command) => {
    expect(detectEscalation(command)).toEqual({ escalates: false });
  });

  it.each(PIPED)('flags %j as supplying its own password', (command) => {
    expect(detectEscalation(command)).toMatchObject({ escalates: true, pipedPassword: true });
  });

  it("reads -p's value as a prompt, not as the -S flag", () => {
    expect(detectEscalation('sudo -pS ls')).toEqual({
      escalates: true,
      via: 'sudo',
      pipedPassword: false,
    });
    expect(detectEscalation('sudo -p S ls')).toEqual({
      escalates: true,
      via: 'sudo',
      pipedPassword: false,
    });
  });

  it('does not count data piped into sudo as a password', () => {
    expect(detectEscalation('cat hosts | sudo tee /etc/hosts')).toEqual({
      escalates: true,
      via: 'sudo',
      pipedPassword: false,
    });
  });

  it('reports the first escalation program it meets', () => {
    expect(detectEscalation('doas ls; sudo ls')).toMatchObject({ via: 'doas' });
  });

  it('flags text that only runs when piped into a shell, but not the same text echoed', () => {
    expect(detectEscalation('echo "sudo reboot"').escalates).toBe(false);
    expect(detectEscalation('echo "sudo reboot" | sh').escalates).toBe(true);
  });

  it('flags heredoc bodies, since it does not track where a heredoc ends', () => {
    // A false alarm at worst: the user is asked for a password they can decline.
    expect(detectEscalation('bash <<EOF\nsudo ls\nEOF').escalates).toBe(true);
  });

  it('survives unbalanced quotes and deep nesting without throwing', () => {
    expect(detectEscalation('echo "unclosed').escalates).toBe(false);
    expect(detectEscalation("sh -c 'sudo ls").escalates).toBe(true);
    const deep = 'eval '.repeat(30) + 'sudo ls';
    expect(detectEscalation(deep).escalates).toBe(true);
    let nested = 'sudo ls';
    for (let level = 0; level < 20; level += 1) nested = `echo $(${nested})`;
    expect(detectEscalation(nested).escalates).toBe(true);
  });
});
