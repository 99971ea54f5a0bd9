// SPDX-License-Identifier: GPL-2.0
/*
 * The verbs: what ib_core requires of every device and what ib_ipoib uses.
 * There is no wire. A send completes at once; a receive waits until the QP
 * goes to the error state, which flushes it, as hardware does.
 */
#include <linux/slab.h>

#include "fakehca.h"

struct fake_pd {
	struct ib_pd ibpd;
};

struct fake_ah {
	struct ib_ah ibah;
};

struct fake_wc {
	struct list_head list;
	struct ib_wc wc;
};

struct fake_cq {
	struct ib_cq ibcq;
	spinlock_t lock;		/* wcs, armed */
	struct list_head wcs;
	bool armed;
};

struct fake_recv {
	struct list_head list;
	u64 wr_id;
};

struct fake_qp {
	struct ib_qp ibqp;
	spinlock_t lock;		/* recvs */
	enum ib_qp_state state;
	enum ib_sig_type sq_sig_type;
	struct list_head recvs;
};

static struct fake_cq *to_fcq(struct ib_cq *ibcq)
{
	return container_of(ibcq, struct fake_cq, ibcq);
}

static struct fake_qp *to_fqp(struct ib_qp *ibqp)
{
	return container_of(ibqp, struct fake_qp, ibqp);
}

static int fake_alloc_pd(struct ib_pd *ibpd, struct ib_udata *udata)
{
	return 0;
}

static int fake_dealloc_pd(struct ib_pd *ibpd, struct ib_udata *udata)
{
	return 0;
}

static struct ib_mr *fake_get_dma_mr(struct ib_pd *ibpd, int access)
{
	struct ib_mr *mr = kzalloc(sizeof(*mr), GFP_KERNEL);

	if (!mr)
		return ERR_PTR(-ENOMEM);
	mr->lkey = 1;
	mr->rkey = 1;
	return mr;
}

/* No user verbs (no uverbs device), but ib_core requires the op. */
#if defined(HAVE_REG_USER_MR_DMAH)
static struct ib_mr *fake_reg_user_mr(struct ib_pd *ibpd, u64 start, u64 length,
				      u64 virt, int access, struct ib_dmah *dmah,
				      struct ib_udata *udata)
#elif defined(HAVE_REG_USER_MR_PRE_DMAH)
static struct ib_mr *fake_reg_user_mr(struct ib_pd *ibpd, u64 start, u64 length,
				      u64 virt, int access, struct ib_udata *udata)
#else
#error "rdmactl_fakehca: no known form of ib_device_ops.reg_user_mr"
#endif
{
	return ERR_PTR(-EOPNOTSUPP);
}

static int fake_dereg_mr(struct ib_mr *mr, struct ib_udata *udata)
{
	kfree(mr);
	return 0;
}

#ifdef HAVE_CREATE_CQ_ATTRS
static int fake_create_cq(struct ib_cq *ibcq, const struct ib_cq_init_attr *attr,
			  struct uverbs_attr_bundle *attrs)
#else
static int fake_create_cq(struct ib_cq *ibcq, const struct ib_cq_init_attr *attr,
			  struct ib_udata *udata)
#endif
{
	struct fake_cq *cq = to_fcq(ibcq);

	/* Completions are queued as they come: no ring of attr->cqe. */
	spin_lock_init(&cq->lock);
	INIT_LIST_HEAD(&cq->wcs);
	ibcq->cqe = attr->cqe;
	return 0;
}

static int fake_destroy_cq(struct ib_cq *ibcq, struct ib_udata *udata)
{
	struct fake_cq *cq = to_fcq(ibcq);
	struct fake_wc *w, *tmp;

	list_for_each_entry_safe(w, tmp, &cq->wcs, list)
		kfree(w);
	return 0;
}

/* Queue a completion and call the CQ's handler if it asked to be told. */
static void fake_cq_push(struct ib_cq *ibcq, const struct ib_wc *wc)
{
	struct fake_cq *cq = to_fcq(ibcq);
	struct fake_wc *w = kmalloc(sizeof(*w), GFP_ATOMIC);
	unsigned long flags;
	bool notify;

	if (!w)
		return;
	w->wc = *wc;
	spin_lock_irqsave(&cq->lock, flags);
	list_add_tail(&w->list, &cq->wcs);
	notify = cq->armed;
	cq->armed = false;
	spin_unlock_irqrestore(&cq->lock, flags);

	/* ipoib schedules NAPI from its handler, which wants BHs off. */
	if (notify && ibcq->comp_handler) {
		local_bh_disable();
		ibcq->comp_handler(ibcq, ibcq->cq_context);
		local_bh_enable();
	}
}

static int fake_poll_cq(struct ib_cq *ibcq, int num_entries, struct ib_wc *wc)
{
	struct fake_cq *cq = to_fcq(ibcq);
	struct fake_wc *w;
	unsigned long flags;
	int n = 0;

	spin_lock_irqsave(&cq->lock, flags);
	while (n < num_entries && !list_empty(&cq->wcs)) {
		w = list_first_entry(&cq->wcs, struct fake_wc, list);
		list_del(&w->list);
		wc[n++] = w->wc;
		kfree(w);
	}
	spin_unlock_irqrestore(&cq->lock, flags);
	return n;
}

static int fake_req_notify_cq(struct ib_cq *ibcq, enum ib_cq_notify_flags flags)
{
	struct fake_cq *cq = to_fcq(ibcq);
	unsigned long irqflags;
	int missed = 0;

	spin_lock_irqsave(&cq->lock, irqflags);
	cq->armed = true;
	if ((flags & IB_CQ_REPORT_MISSED_EVENTS) && !list_empty(&cq->wcs))
		missed = 1;
	spin_unlock_irqrestore(&cq->lock, irqflags);
	return missed;
}

static int fake_init_qp(struct fake_dev *fdev, struct ib_qp *ibqp,
			struct ib_qp_init_attr *init, struct ib_udata *udata)
{
	struct fake_qp *qp = to_fqp(ibqp);

	if (udata)
		return -EOPNOTSUPP;
	switch (init->qp_type) {
	case IB_QPT_GSI:		/* ib_mad's QP1, on RoCE ports */
		ibqp->qp_num = 1;
		break;
	case IB_QPT_UD:
	case IB_QPT_RC:
		ibqp->qp_num = atomic_inc_return(&fdev->next_qpn) & 0xffffff;
		break;
	default:
		return -EOPNOTSUPP;
	}
	spin_lock_init(&qp->lock);
	INIT_LIST_HEAD(&qp->recvs);
	qp->state = IB_QPS_RESET;
	qp->sq_sig_type = init->sq_sig_type;
	return 0;
}

#ifdef HAVE_QP_CORE_ALLOC
static int fake_create_qp(struct ib_qp *ibqp, struct ib_qp_init_attr *init,
			  struct ib_udata *udata)
{
	return fake_init_qp(to_fdev(ibqp->device), ibqp, init, udata);
}
#else
/* Before 5.15 the driver allocates the QP, and frees it in destroy_qp. */
static struct ib_qp *fake_create_qp(struct ib_pd *ibpd, struct ib_qp_init_attr *init,
				    struct ib_udata *udata)
{
	struct fake_qp *qp = kzalloc(sizeof(*qp), GFP_KERNEL);
	int err;

	if (!qp)
		return ERR_PTR(-ENOMEM);
	err = fake_init_qp(to_fdev(ibpd->device), &qp->ibqp, init, udata);
	if (err) {
		kfree(qp);
		return ERR_PTR(err);
	}
	return &qp->ibqp;
}
#endif

/* Complete every posted receive with IB_WC_WR_FLUSH_ERR. */
static void fake_qp_flush(struct fake_qp *qp)
{
	struct fake_recv *r, *tmp;
	unsigned long flags;
	LIST_HEAD(flushed);

	spin_lock_irqsave(&qp->lock, flags);
	list_splice_init(&qp->recvs, &flushed);
	spin_unlock_irqrestore(&qp->lock, flags);

	list_for_each_entry_safe(r, tmp, &flushed, list) {
		struct ib_wc wc = {
			.wr_id = r->wr_id,
			.status = IB_WC_WR_FLUSH_ERR,
			.opcode = IB_WC_RECV,
			.qp = &qp->ibqp,
		};

		fake_cq_push(qp->ibqp.recv_cq, &wc);
		kfree(r);
	}
}

static int fake_modify_qp(struct ib_qp *ibqp, struct ib_qp_attr *attr,
			  int mask, struct ib_udata *udata)
{
	struct fake_qp *qp = to_fqp(ibqp);

	if (!(mask & IB_QP_STATE))
		return 0;
	qp->state = attr->qp_state;
	if (qp->state == IB_QPS_ERR || qp->state == IB_QPS_RESET)
		fake_qp_flush(qp);
	return 0;
}

static int fake_query_qp(struct ib_qp *ibqp, struct ib_qp_attr *attr, int mask,
			 struct ib_qp_init_attr *init)
{
	attr->qp_state = to_fqp(ibqp)->state;
	return 0;
}

static int fake_destroy_qp(struct ib_qp *ibqp, struct ib_udata *udata)
{
	struct fake_qp *qp = to_fqp(ibqp);
	struct fake_recv *r, *tmp;

	list_for_each_entry_safe(r, tmp, &qp->recvs, list)
		kfree(r);
#ifndef HAVE_QP_CORE_ALLOC
	kfree(qp);
#endif
	return 0;
}

static int fake_post_send(struct ib_qp *ibqp, const struct ib_send_wr *wr,
			  const struct ib_send_wr **bad_wr)
{
	struct fake_qp *qp = to_fqp(ibqp);

	for (; wr; wr = wr->next) {
		struct ib_wc wc = {
			.wr_id = wr->wr_id,
			.opcode = IB_WC_SEND,
			.qp = ibqp,
		};

		wc.status = qp->state == IB_QPS_ERR ? IB_WC_WR_FLUSH_ERR : IB_WC_SUCCESS;
		if (qp->sq_sig_type == IB_SIGNAL_ALL_WR ||
		    (wr->send_flags & IB_SEND_SIGNALED) || wc.status != IB_WC_SUCCESS)
			fake_cq_push(ibqp->send_cq, &wc);
	}
	return 0;
}

static int fake_post_recv(struct ib_qp *ibqp, const struct ib_recv_wr *wr,
			  const struct ib_recv_wr **bad_wr)
{
	struct fake_qp *qp = to_fqp(ibqp);
	unsigned long flags;

	for (; wr; wr = wr->next) {
		struct fake_recv *r = kmalloc(sizeof(*r), GFP_ATOMIC);

		if (!r) {
			*bad_wr = wr;
			return -ENOMEM;
		}
		r->wr_id = wr->wr_id;
		spin_lock_irqsave(&qp->lock, flags);
		list_add_tail(&r->list, &qp->recvs);
		spin_unlock_irqrestore(&qp->lock, flags);
	}
	if (qp->state == IB_QPS_ERR)
		fake_qp_flush(qp);
	return 0;
}

static int fake_create_ah(struct ib_ah *ibah, struct rdma_ah_init_attr *init,
			  struct ib_udata *udata)
{
	return 0;
}

static int fake_destroy_ah(struct ib_ah *ibah, u32 flags)
{
	return 0;
}

static int fake_attach_mcast(struct ib_qp *ibqp, union ib_gid *gid, u16 lid)
{
	return 0;
}

static int fake_detach_mcast(struct ib_qp *ibqp, union ib_gid *gid, u16 lid)
{
	return 0;
}

const struct ib_device_ops fake_verbs_ops = {
	.alloc_pd = fake_alloc_pd,
	.dealloc_pd = fake_dealloc_pd,
	.get_dma_mr = fake_get_dma_mr,
	.reg_user_mr = fake_reg_user_mr,
	.dereg_mr = fake_dereg_mr,
	.create_cq = fake_create_cq,
	.destroy_cq = fake_destroy_cq,
	.poll_cq = fake_poll_cq,
	.req_notify_cq = fake_req_notify_cq,
	.create_qp = fake_create_qp,
	.modify_qp = fake_modify_qp,
	.query_qp = fake_query_qp,
	.destroy_qp = fake_destroy_qp,
	.post_send = fake_post_send,
	.post_recv = fake_post_recv,
	.create_ah = fake_create_ah,
	.destroy_ah = fake_destroy_ah,
	.attach_mcast = fake_attach_mcast,
	.detach_mcast = fake_detach_mcast,

	INIT_RDMA_OBJ_SIZE(ib_ah, fake_ah, ibah),
	INIT_RDMA_OBJ_SIZE(ib_pd, fake_pd, ibpd),
	INIT_RDMA_OBJ_SIZE(ib_cq, fake_cq, ibcq),
#ifdef HAVE_QP_CORE_ALLOC
	INIT_RDMA_OBJ_SIZE(ib_qp, fake_qp, ibqp),
#endif
};
