import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnerReview, OwnerReviewList } from '@shared/schemas/reviews';
import { getQueryFn } from '@/lib/api-client';
import { ownerApi, ownerJson } from '../app/owner-api';

const reviewsKey = [ownerApi, 'reviews'];

/** Every review the homeowners sent, newest first. */
export function useReviews() {
  return useQuery({
    queryKey: reviewsKey,
    queryFn: getQueryFn<OwnerReviewList>({ on401: 'throw' }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** Approve (shown on the site) or Hide one review. */
export function useDecideReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'hide' }) =>
      ownerJson<{ status: OwnerReview['status'] }>('POST', `/reviews/${id}/${decision}`),
    onSuccess: ({ status }, { id }) => {
      client.setQueryData<OwnerReviewList>(reviewsKey, (list) => {
        if (!list) return list;
        const reviews = list.reviews.map((review) => (review.id === id ? { ...review, status } : review));
        return { reviews, reviewsWaiting: reviews.filter((review) => review.status === 'new').length };
      });
    },
  });
}
