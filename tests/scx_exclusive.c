// SPDX-License-Identifier: GPL-2.0
/*
 * sched_ext and the class are never on together: both take every
 * SCHED_NORMAL task. With the class on, a BPF scheduler is refused with
 * EBUSY; with a BPF scheduler on, the class is refused with EBUSY; each
 * says why on the console, and either works once the other is off.
 *
 * The BPF scheduler is the smallest there is: a sched_ext_ops struct_ops
 * map with a name and no programs, so that sched_ext's defaults (one
 * global FIFO) run every task. It is loaded with the bpf() system call
 * alone (with a one-type BTF object of its own, which a struct_ops map
 * needs); the layout of its value comes from the kernel's BTF. Skipped on
 * a kernel without sched_ext (make stress and make check's scx boot have
 * it, and say so with ia.need=sched_ext).
 *
 * The last check races the two switches: two tasks load and unload BPF
 * schedulers, so that one's load waits on the other's unload, while a
 * third switches the class on and off. Each side checks the other after
 * each switch that succeeds. The class is unblocked under sched_ext's
 * enable mutex, before the state reads "disabled": done after it, a load
 * that slipped in between would be undone by the late unblock, and the
 * class could switch on beside it.
 */
#include <linux/bpf.h>
#include <linux/btf.h>
#include <sys/syscall.h>
#include "ia.h"

#define SCX_STATE "/sys/kernel/sched_ext/state"

static char *btf;
static size_t btf_len;

static int load_btf(void)
{
	int fd = open("/sys/kernel/btf/vmlinux", O_RDONLY);
	size_t cap = 1 << 22;
	ssize_t n;

	if (fd < 0)
		return -1;
	btf = malloc(cap);
	while (btf && (n = read(fd, btf + btf_len, cap - btf_len)) > 0) {
		btf_len += n;
		if (btf_len == cap)
			btf = realloc(btf, cap *= 2);
	}
	close(fd);
	return btf && btf_len > sizeof(struct btf_header) ? 0 : -1;
}

/* The size of the data that follows a type of @kind with @vlen members. */
static size_t btf_extra(int kind, int vlen)
{
	switch (kind) {
	case BTF_KIND_INT:
	case BTF_KIND_VAR:
	case BTF_KIND_DECL_TAG:
		return 4;
	case BTF_KIND_ARRAY:
		return sizeof(struct btf_array);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return vlen * sizeof(struct btf_member);
	case BTF_KIND_ENUM:
		return vlen * sizeof(struct btf_enum);
	case BTF_KIND_FUNC_PROTO:
		return vlen * sizeof(struct btf_param);
	case BTF_KIND_DATASEC:
		return vlen * sizeof(struct btf_var_secinfo);
	case BTF_KIND_ENUM64:
		return vlen * 12;
	default:
		return 0;
	}
}

/*
 * Find the struct @name: its BTF id, its size, and the byte offset of its
 * member @member. Returns the id, or -1.
 */
static int btf_struct(const char *name, const char *member, unsigned int *size,
		      unsigned int *off)
{
	const struct btf_header *h = (const void *)btf;
	const char *types = btf + h->hdr_len + h->type_off;
	const char *strs = btf + h->hdr_len + h->str_off;
	size_t pos = 0;
	int id = 1;

	while (pos + sizeof(struct btf_type) <= h->type_len) {
		const struct btf_type *t = (const void *)(types + pos);
		int kind = BTF_INFO_KIND(t->info), vlen = BTF_INFO_VLEN(t->info);

		if (kind == BTF_KIND_STRUCT && !strcmp(strs + t->name_off, name)) {
			const struct btf_member *m = (const void *)(t + 1);
			int i;

			*size = t->size;
			for (i = 0; i < vlen; i++, m++) {
				if (strcmp(strs + m->name_off, member))
					continue;
				*off = (BTF_INFO_KFLAG(t->info) ?
					BTF_MEMBER_BIT_OFFSET(m->offset) : m->offset) / 8;
				return id;
			}
			return -1;
		}
		pos += sizeof(*t) + btf_extra(kind, vlen);
		id++;
	}
	return -1;
}

static long bpf(int cmd, union bpf_attr *attr)
{
	return syscall(SYS_bpf, cmd, attr, sizeof(*attr));
}

static int map_fd = -1;
static char *value;

/*
 * A struct_ops map needs a BTF object of its own (btf_fd), even though
 * its value is a kernel type: the smallest one, a single "int".
 */
static int load_small_btf(void)
{
	static struct {
		struct btf_header h;
		struct btf_type t;
		__u32 enc;
		char str[5];
	} __attribute__((packed)) b = {
		.h = { .magic = BTF_MAGIC, .version = BTF_VERSION,
		       .hdr_len = sizeof(struct btf_header),
		       .type_off = 0, .type_len = sizeof(struct btf_type) + 4,
		       .str_off = sizeof(struct btf_type) + 4, .str_len = 5 },
		.t = { .name_off = 1, .info = BTF_KIND_INT << 24, .size = 4 },
		.enc = BTF_INT_SIGNED << 24 | 32,
		.str = "\0int",
	};
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.btf = (unsigned long)&b;
	a.btf_size = sizeof(b);
	return bpf(BPF_BTF_LOAD, &a);
}


/* A struct_ops map for sched_ext, named "ia_test", with no programs. */
static int make_map(void)
{
	unsigned int vsize, data_off, osize, name_off;
	static int btf_fd = -1;
	union bpf_attr a;
	int vid;

	if (btf_fd < 0)
		btf_fd = load_small_btf();
	if (btf_fd < 0) {
		tap_info("BPF_BTF_LOAD: %s", strerror(errno));
		return -1;
	}

	vid = btf_struct("bpf_struct_ops_sched_ext_ops", "data", &vsize, &data_off);
	if (vid < 0 || btf_struct("sched_ext_ops", "name", &osize, &name_off) < 0) {
		tap_info("no bpf_struct_ops_sched_ext_ops in the kernel's BTF");
		errno = ENOENT;
		return -1;
	}
	value = calloc(1, vsize);
	if (!value)
		return -1;
	strcpy(value + data_off + name_off, "ia_test");

	memset(&a, 0, sizeof(a));
	a.map_type = BPF_MAP_TYPE_STRUCT_OPS;
	a.key_size = 4;
	a.value_size = vsize;
	a.max_entries = 1;
	a.btf_fd = btf_fd;
	a.btf_vmlinux_value_type_id = vid;
	strcpy(a.map_name, "ia_test");
	map_fd = bpf(BPF_MAP_CREATE, &a);
	if (map_fd < 0)
		tap_info("BPF_MAP_CREATE: type id %d, value %u bytes (data at %u, name at %u): %s",
			 vid, vsize, data_off, name_off, strerror(errno));
	return map_fd < 0 ? -1 : 0;
}

/*
 * Load the BPF scheduler: 0 or the errno. A struct_ops map is registered
 * once in its life, so each try takes a new one.
 */
static int scx_on(void)
{
	union bpf_attr a;
	int key = 0;

	if (map_fd >= 0)
		close(map_fd);
	free(value);
	if (make_map())
		return errno ?: EINVAL;
	memset(&a, 0, sizeof(a));
	a.map_fd = map_fd;
	a.key = (unsigned long)&key;
	a.value = (unsigned long)value;
	return bpf(BPF_MAP_UPDATE_ELEM, &a) ? errno : 0;
}

static int scx_off(void)
{
	union bpf_attr a;
	int key = 0;

	memset(&a, 0, sizeof(a));
	a.map_fd = map_fd;
	a.key = (unsigned long)&key;
	return bpf(BPF_MAP_DELETE_ELEM, &a) ? errno : 0;
}

static int scx_state_is(const char *want)
{
	char buf[32] = "";
	int fd = open(SCX_STATE, O_RDONLY), n;

	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	buf[n > 0 ? n : 0] = 0;
	return !strncmp(buf, want, strlen(want));
}

/* What the racing tasks saw, in memory they share with the test: */
struct race {
	long loads;		/* BPF schedulers loaded */
	long class_ons;		/* times the class switched on */
	long both;		/* of either, how many found the other on */
};

#define RACE_MS		3000

static void race_scx(struct race *r, long long end)
{
	while (now_ns() < end) {
		if (!scx_on()) {
			__atomic_add_fetch(&r->loads, 1, __ATOMIC_RELAXED);
			if (ia_get() == 1)
				__atomic_add_fetch(&r->both, 1, __ATOMIC_RELAXED);
			scx_off();
		}
		sleep_ms(1);
	}
}

static void race_class(struct race *r, long long end)
{
	while (now_ns() < end) {
		if (!ia_set(1)) {
			__atomic_add_fetch(&r->class_ons, 1, __ATOMIC_RELAXED);
			if (scx_state_is("enabling") || scx_state_is("enabled"))
				__atomic_add_fetch(&r->both, 1, __ATOMIC_RELAXED);
			ia_set(0);
		}
		sleep_ms(1);
	}
}

/* Race the switches for RACE_MS; 0, or -1 if a racing task did not end. */
static int race(struct race *r)
{
	long long end = now_ns() + RACE_MS * 1000000LL;
	pid_t pids[3];
	int i, st, bad = 0;

	for (i = 0; i < 3; i++) {
		pids[i] = fork();
		if (pids[i] < 0)
			tap_bail("fork");
		if (pids[i])
			continue;
		if (i < 2)
			race_scx(r, end);
		else
			race_class(r, end);
		_exit(0);
	}
	for (i = 0; i < 3; i++)
		if (waitpid(pids[i], &st, 0) != pids[i] || !WIFEXITED(st) ||
		    WEXITSTATUS(st))
			bad = -1;
	return bad;
}

int main(void)
{
	struct race *r;
	struct class_count c;
	int err, i;

	/*
	 * This test is about the class and a BPF scheduler: it switches the
	 * class itself, also in a boot whose other tests drive
	 * scx_interactive in its place (ia.sched=scx, tests/ia.h).
	 */
	unsetenv("IA_SCHED");
	tap_plan(7);
	if (ia_get() < 0)
		tap_bail(SYSCTL_PATH " missing");
	if (access(SCX_STATE, F_OK)) {
		/* make stress builds sched_ext in, and says so (ia.need=). */
		if (needed("sched_ext"))
			tap_bail("kernel without sched_ext, where ia.need= says it has it");
		for (i = 0; i < 7; i++)
			tap_skip("kernel without sched_ext");
		return tap_exit();
	}
	if (load_btf())
		tap_bail("cannot read /sys/kernel/btf/vmlinux");
	if (make_map()) {
		printf("# %s\n", strerror(errno));
		tap_bail("cannot make a sched_ext struct_ops map from the kernel's BTF");
	}
	close(map_fd);
	map_fd = -1;
	ia_set(0);

	/* A BPF scheduler on its own, then the class tries. */
	err = scx_on();
	tap_ok(!err && scx_state_is("enabled"),
	       "with the class off, a BPF scheduler loads (%s)", strerror(err));
	err = ia_set(1);
	tap_ok(err == EBUSY && ia_get() == 0 &&
	       klog_has("sched_interactive: not switched on, sched_ext is active"),
	       "the class is refused while it runs: %s, and the console says why",
	       strerror(err));
	err = scx_off();
	tap_ok(!err && scx_state_is("disabled") && ia_set(1) == 0 && ia_get() == 1,
	       "once it is unloaded, the class switches on");

	/* The class on, then a BPF scheduler tries. */
	err = scx_on();
	tap_ok(err == EBUSY && scx_state_is("disabled") &&
	       klog_has("sched_ext: not enabled, the interactive scheduling class is on"),
	       "a BPF scheduler is refused while the class is on: %s, and the console says why",
	       strerror(err));
	count_classes(&c);
	tap_ok(c.owned_off == 0 && c.owned_on > 0,
	       "the class still has every normal task (%d)", c.owned_on);
	ia_set(0);
	err = scx_on();
	tap_ok(!err && scx_state_is("enabled") && scx_off() == 0,
	       "with the class off again, a BPF scheduler loads and unloads (%s)",
	       strerror(err));

	r = shared_alloc(sizeof(*r));
	err = race(r);
	tap_ok(!err && r->loads && r->class_ons && !r->both && ia_get() == 0 &&
	       scx_state_is("disabled"),
	       "racing for %d ms, %ld loads of a BPF scheduler and %ld switches of the class on found the other on %ld times",
	       RACE_MS, r->loads, r->class_ons, r->both);
	return tap_exit();
}
